"""Catalogue entries of results already recorded (a first entry refused, a correction) and of the phones' entries as
``tdesk round`` and ``tdesk disputes`` show them: English → 简体中文."""

from __future__ import annotations

CLI: dict[str, str] = {
    # --- a result already recorded: refused unless it is a correction (SPEC §12) --------------------------------
    "Round {round} table {table} ({home} – {away}) already has a result: {recorded}, entered at station {station} at {time}. Nothing was changed.": "第 {round} 轮第 {table} 桌（{home} – {away}）已有成绩：{recorded}，由 {station} 于 {time} 录入。未做任何更改。",
    "Round {round} table {table} ({home} – {away}) already has a result: {recorded}. Nothing was changed.": "第 {round} 轮第 {table} 桌（{home} – {away}）已有成绩：{recorded}。未做任何更改。",
    "Round {round} table {table} ({home} – {away}) board {board} already has a result: {recorded}, entered at station {station} at {time}. Nothing was changed.": "第 {round} 轮第 {table} 桌（{home} – {away}）第 {board} 副牌已有成绩：{recorded}，由 {station} 于 {time} 录入。未做任何更改。",
    "Round {round} table {table} ({home} – {away}) board {board} already has a result: {recorded}. Nothing was changed.": "第 {round} 轮第 {table} 桌（{home} – {away}）第 {board} 副牌已有成绩：{recorded}。未做任何更改。",
    "round {round} table {table} already has {recorded} (station {station}, {time})": "第 {round} 轮第 {table} 桌已有成绩 {recorded}（{station}，{time}）",
    "round {round} table {table} board {board} already has {recorded} (station {station}, {time})": "第 {round} 轮第 {table} 桌第 {board} 副牌已有成绩 {recorded}（{station}，{time}）",
    "{refusal} Give --correct --reason TEXT to replace what is recorded.": "{refusal}如要替换已录入的成绩，请加上 --correct --reason 更正原因。",
    'A correction needs a reason for the audit trail: give --reason TEXT too, e.g. --reason "scoresheet misread".': '更正须注明原因以记入修改记录：请同时给出 --reason 原因，例如 --reason "记分表看错"。',
    "Round {round} table {table} has no result yet, so there is nothing to correct; check the numbers, or enter it as a first result.": "第 {round} 轮第 {table} 桌还没有成绩，无从更正；请核对轮次和桌号，或不加 --correct 作为首次录入。",
    "Round {round} table {table} board {board} has no result yet, so there is nothing to correct; check the numbers, or enter it as a first result.": "第 {round} 轮第 {table} 桌第 {board} 副牌还没有成绩，无从更正；请核对轮次、桌号和牌号，或不加 --correct 作为首次录入。",
    # what a table or board holds, as the refusal names it
    "a forfeit by {side}": "{side}弃权",
    "a forfeit by both sides": "双方弃权",
    "a late scoresheet by {side}": "{side}迟交记分表",
    "a late scoresheet by both sides": "双方迟交记分表",
    "a loss by ruling for {side}": "{side}被判负",
    "{levels}, {side} on stage": "{levels}，{side}在台上",
    "open room {open}, closed room {closed}": "开室 {open}，闭室 {closed}",
    "open room {open}": "开室 {open}",
    "closed room {closed}": "闭室 {closed}",
    # --- where a table's result came from (tdesk round) and the disputes (tdesk disputes) ------------------------
    "Source": "来源",
    "desk": "记分台",
    "entered": "一方已填",
    "confirmed": "双方确认",
    "disputed": "有争议",
    "{name} entered {entry}": "{name}填报 {entry}",
    "Disputed tables: the two sides entered different results; the director decides.": "有争议的桌：双方填报的成绩不一致，由裁判长裁定。",
    "No table is disputed: the two sides' entries agree wherever both have entered.": "没有争议的桌：凡双方都已填报的，成绩一致。",
    "No table of round {round} is disputed.": "第 {round} 轮没有争议的桌。",
    "Home entered": "主队填报",
    "Away entered": "客队填报",
}
