"""Catalogue entries of a file's safety checks (issue 23): a tournament file or backup holds data, never code
(``storage.schema_guard``), and every result stored is the one the audit trail last recorded
(``services.audit.verify_trail``): English → 简体中文."""

from __future__ import annotations

FILES: dict[str, str] = {
    # --- what an automatic backup was taken before (services.backups.backup_words) ---------------------------
    "Before pairing round {round}": "第 {round} 轮编排前",
    "Before an import": "导入前",
    "Before a withdrawal": "退赛前",
    "Before a withdrawal was taken back": "撤销退赛前",
    "Before restoring a backup": "恢复备份前",
    "Before the file was upgraded ({revision})": "文件升级前（{revision}）",
    "{label}": "{label}",  # a label this program does not write, as it is
    # --- a file or backup whose schema is not the program's -------------------------------------------------
    "'{path}' is not a tournament file this program wrote: {found}. Nothing was opened or changed.": "“{path}”不是本程序写出的比赛文件：{found}。未打开，也未做任何改动。",
    "The backup '{path}' is not a tournament file this program wrote: {found}. Nothing was restored.": "备份“{path}”不是本程序写出的比赛文件：{found}。未做任何恢复。",
    "The backup '{path}' is not a Tournament Desk file; choose another.": "备份“{path}”不是赛事编排台的比赛文件，请另选一个。",
    "it holds a trigger '{name}' on table '{table}'": "其中有表“{table}”上的触发器“{name}”",
    "it holds a view '{name}'": "其中有视图“{name}”",
    "it holds an object '{name}' of the kind '{kind}'": "其中有类型为“{kind}”的对象“{name}”",
    "it holds a table '{table}' that this program does not write": "其中有本程序不会写出的表“{table}”",
    "it lacks the table '{table}'": "其中缺少表“{table}”",
    "it holds an index '{name}' on table '{table}' that this program does not write": "其中有本程序不会写出的、建在表“{table}”上的索引“{name}”",
    "it lacks the index '{name}'": "其中缺少索引“{name}”",
    "the index '{name}' is declared otherwise than this program writes it": "索引“{name}”的定义与本程序写出的不同",
    "it holds a column '{column}' in table '{table}' that this program does not write": "其中表“{table}”有本程序不会写出的列“{column}”",
    "its table '{table}' lacks the column '{column}'": "其中表“{table}”缺少列“{column}”",
    "the column '{column}' of table '{table}' is declared {found} where this program writes {expected}": "表“{table}”的列“{column}”定义为 {found}，而本程序写出的是 {expected}",
    "the table '{table}' has other foreign keys than this program writes": "表“{table}”的外键与本程序写出的不同",
    "the table '{table}' is declared with '{clause}', which this program does not write": "表“{table}”的定义中有本程序不会写出的“{clause}”",
    "the table '{table}' is declared without '{clause}'": "表“{table}”的定义中缺少“{clause}”",
    "the table '{table}' is declared otherwise than this program writes it": "表“{table}”的定义与本程序写出的不同",
    # --- a result that differs from the audit trail ---------------------------------------------------------
    "{where} holds {stored}, but the audit trail last recorded {recorded} (entry {id}, {at}): it was changed outside the program; open a backup to compare.": "{where}现存的是“{stored}”，但操作记录最后记下的是“{recorded}”（第 {id} 条，{at}）：它已被程序以外的工具改动过，请打开备份对照。",
    "{where} holds {stored}, but the audit trail last recorded {recorded} (entry {id}, {at}), and {more} more results differ from the trail as well: they were changed outside the program; open a backup to compare.": "{where}现存的是“{stored}”，但操作记录最后记下的是“{recorded}”（第 {id} 条，{at}），另有 {more} 项成绩也与操作记录不符：它们已被程序以外的工具改动过，请打开备份对照。",
    "Round {round} table {table} board {board}": "第 {round} 轮第 {table} 桌第 {board} 副",
    "Round {round} table {table} board {board} ({room} room)": "第 {round} 轮第 {table} 桌第 {board} 副（{room}）",
    "{result}, VP {home_vp} : {away_vp}, MP {home_mp} : {away_mp}": "{result}，标准分 {home_vp} : {away_vp}，场分 {home_mp} : {away_mp}",
    "{points} points, penalties {ns} to NS and {ew} to EW": "{points} 分，罚分：南北 {ns}、东西 {ew}",
    "nothing (the table is gone)": "空（此桌已不存在）",
    "nothing": "空",
}
