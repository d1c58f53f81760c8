"""The cross-table page (交叉表) of a round robin, or each group's table in groups then knockout.

The figures come from the same report models and cell texts as the printed cross-table (``reports.crosstable``,
``reports.group_tables``), so the page and the paper cannot differ. Frozen public standings: the round robin's grid
stops at the frozen round; a group stage's tables are withheld while frozen (``CrossTableView``).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from tournament_desk.domain.results import figure_text
from tournament_desk.reports.grid import Column
from tournament_desk.reports.html.pages import frozen_html, tr
from tournament_desk.reports.html.shapes import CrossTableView
from tournament_desk.reports.model import GroupStageData, RoundRobinGridData

STYLE = ".wide{overflow-x:auto}.wide td,.wide th{white-space:nowrap;text-align:center}.wide td.name{text-align:left}"


def _head(lang: str, columns: Sequence[Column]) -> str:
    return "".join(f"<th>{escape(c.sub if lang == 'en' and c.sub else c.title)}</th>" for c in columns)


def _cell(text: str) -> str:
    return "<br>".join(escape(line) for line in text.split("\n"))


def _rows(rows: Sequence[Sequence[str]]) -> str:
    return "".join(
        "<tr>"
        + "".join(f"<td{' class=name' if i == 1 else ''}>{_cell(v)}</td>" for i, v in enumerate(r))
        + "</tr>"
        for r in rows
    )


def grid_rows(data: RoundRobinGridData) -> list[tuple[str, ...]]:
    """The printed round-robin sheet's rows: number, name, a cell per opponent, the figures, the rank."""
    from tournament_desk.reports.crosstable import meeting_cell

    ranked = {r.entrant.name: r for r in data.rows}
    rows = []
    for i, name in enumerate(data.order, start=1):
        row = ranked[name]
        cells = [
            "" if other == name else meeting_cell(data.meetings.get((name, other), ()), data.win_draw_loss)
            for other in data.order
        ]
        withdrawn = "（退赛）" if row.entrant.withdrawn else ""
        rows.append(
            (str(i), name + withdrawn, *cells, *(figure_text(row, k) for k in data.columns), str(row.rank))
        )
    return rows


def _grid_html(lang: str, data: RoundRobinGridData) -> str:
    from tournament_desk.reports.standings import FIGURE_COLUMNS

    columns = [Column("号", "No."), Column("队名", "Name")]
    columns += [Column(str(i)) for i in range(1, len(data.order) + 1)]
    columns += [FIGURE_COLUMNS[k] for k in data.columns] + [Column("名次", "Rank")]
    title = tr("Cross-table after round {round}", lang, round=data.after_round)
    return (
        f'<h1>{title}</h1><div class="wide"><table><tr>{_head(lang, columns)}</tr>{_rows(grid_rows(data))}'
        "</table></div>"
    )


def group_rows(data: GroupStageData) -> list[tuple[str, list[Column], list[tuple[str, ...]]]]:
    """Each group's name, columns and rows exactly as the printed group tables have them."""
    from tournament_desk.reports.group_tables import group_block

    blocks = [group_block(g, 800.0, data.figures) for g in data.groups]
    return [(b.group.name, b.grid.columns, b.rows) for b in blocks]


def _groups_html(lang: str, data: GroupStageData) -> str:
    parts = [
        f'<h2>{tr("Group {group}", lang, group=name)}</h2><div class="wide"><table><tr>{_head(lang, columns)}'
        f"</tr>{_rows(rows)}</table></div>"
        for name, columns, rows in group_rows(data)
    ]
    return f"<h1>{tr('Group tables', lang)}</h1>{''.join(parts)}"


def crosstable_html(lang: str, view: CrossTableView | None) -> str:
    if view is None:
        return f"<p>{tr('This event has no cross-table.', lang)}</p>"
    note = frozen_html(lang, view.frozen_after) if view.frozen_after is not None else ""
    body = f"<style>{STYLE}</style>"
    if view.grid is not None:
        return body + note + _grid_html(lang, view.grid)
    if view.groups is not None:
        return body + _groups_html(lang, view.groups)
    return (
        body
        + note
        + f"<p>{tr('The group tables are shown again when the standings are no longer frozen.', lang)}</p>"
    )
