"""A schema's SQL is compared as SQLite reads it (``storage.schema_shape``): case, quoting, spacing and comments
make no difference; a string's case, an unusual quoted name and a clause more or less do."""

from tournament_desk.storage.schema_shape import canonical, split_statement


def test_sql_is_compared_as_sqlite_reads_it() -> None:
    assert canonical('CREATE TABLE "Match" (\n\tid  INTEGER ,x TEXT)') == canonical(
        "create table match(id integer, x text)"
    )
    assert canonical("x TEXT DEFAULT 'A'") != canonical("x TEXT DEFAULT 'a'")  # a string keeps its case
    assert canonical('x TEXT DEFAULT "a"') != canonical("x TEXT DEFAULT 'a'")
    assert canonical("x TEXT /* a comment */ NOT NULL") == canonical("x TEXT NOT NULL")
    assert canonical('"odd name" TEXT') != canonical("odd name TEXT")
    one = split_statement("CREATE TABLE t (a INT, b INT, CONSTRAINT c CHECK (a IN (1, 2)), UNIQUE (a, b))")
    other = split_statement('CREATE TABLE "t" (b INT, UNIQUE (a,b), a INT, CONSTRAINT c CHECK (a IN (1,2)))')
    assert one == other  # Alembic's batch mode writes a rebuilt table's constraints in no fixed order
    assert split_statement("CREATE TABLE t (a INT) WITHOUT ROWID") != split_statement(
        "CREATE TABLE t (a INT)"
    )
    assert split_statement("CREATE TABLE t (a TEXT DEFAULT ',(')") != split_statement(
        "CREATE TABLE t (a TEXT)"
    )
