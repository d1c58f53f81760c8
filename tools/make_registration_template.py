"""Write resources/registration-template.xlsx, the sign-up sheet `tdesk entrant import` reads.

The first sheet holds only the header row (队名 / 单位 / 队员 / 识别号): the importer reads the first non-empty row
as headers and every later row as an entrant, so an example row would be imported too. The instructions
live on a second sheet, 说明, which the importer never reads.

    .venv/bin/python tools/make_registration_template.py [OUT.xlsx]
"""

from __future__ import annotations

import sys
from datetime import datetime
from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font, PatternFill

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "resources" / "registration-template.xlsx"
HEADERS = (("队名", 28), ("单位", 28), ("队员", 44), ("识别号", 24))
FIXED_TIME = datetime(2026, 1, 1)  # a fixed timestamp keeps the committed file byte-stable between runs
INSTRUCTIONS = (
    ("报名表填写说明", "How to fill in the sign-up sheet"),
    ("", ""),
    (
        "1. 在“报名表”工作表中，从第 2 行起每行填写一个参赛队（或一对）。",
        "1. On the 报名表 sheet, one entrant per row from row 2.",
    ),
    ("2. 队名：必填，不能重复。", "2. 队名 (name): required, unique."),
    (
        "3. 单位：选填；同一单位的参赛队在积分编排中不会相遇。",
        "3. 单位 (unit): optional; entrants of one unit never meet.",
    ),
    (
        "4. 队员：选填，多名队员之间用顿号、逗号或分号隔开，例如：张三、李四。",
        "4. 队员 (players): optional, separated by 、 , ; e.g. 张三、李四.",
    ),
    (
        "5. 识别号：选填，每名队员一个（会员号或手机尾号），按队员的顺序用逗号隔开，例如：1234,5678；"
        "不同赛事中识别号相同、姓名相同的是同一名选手（系列赛按人合并）。",
        "5. 识别号 (ident): optional, one per player in the players' order (a membership number or the last digits "
        "of a phone), e.g. 1234,5678; the same name with the same ident is the same player in every event.",
    ),
    (
        "6. 不要修改第 1 行的列名，也不要在表中留示例行：每一个非空行都会被导入。",
        "6. Keep the headers in row 1; every non-empty row is imported.",
    ),
    (
        "7. 保存后在赛事编排台中选择“导入报名表”，或运行 tdesk entrant import 比赛文件 报名表.xlsx。",
        "7. Import with the desk or `tdesk entrant import FILE SHEET`.",
    ),
    (
        "8. 只要有一行有错，整张表都不会导入；改正提示中的行后重新导入即可。",
        "8. One bad row imports nothing; fix the rows named and import again.",
    ),
)


def make_template(path: Path) -> None:
    wb = Workbook()
    sheet = wb.active
    assert sheet is not None
    sheet.title = "报名表"
    sheet.append([title for title, _ in HEADERS])
    for cell, (_, width) in zip(sheet[1], HEADERS, strict=True):
        cell.font = Font(bold=True, color="FFFFFF")
        cell.fill = PatternFill("solid", fgColor="1F4E79")
        cell.alignment = Alignment(horizontal="center")
        sheet.column_dimensions[cell.column_letter].width = width
        # typed as text: a name such as "=A1" or "1-2" stays what was typed (never a formula or a date)
        sheet.column_dimensions[cell.column_letter].number_format = "@"
    sheet.freeze_panes = "A2"
    notes = wb.create_sheet("说明")
    for zh, en in INSTRUCTIONS:
        notes.append([zh, en])
    notes["A1"].font = Font(bold=True, size=14)
    notes.column_dimensions["A"].width = 90
    notes.column_dimensions["B"].width = 70
    wb.properties.creator = "Tournament Desk"
    wb.properties.title = "赛事编排台报名表 Tournament Desk sign-up sheet"
    wb.properties.created = FIXED_TIME
    wb.properties.modified = FIXED_TIME
    wb.save(path)


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else TARGET
    make_template(out)
    print(out)
