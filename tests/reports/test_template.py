"""The registration template in resources/ imports cleanly with the entrant importer."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tournament_desk.domain.errors import BadInput
from tournament_desk.resources import resource_path
from tournament_desk.services.entrants import import_entrants
from tournament_desk.services.event import create_tournament
from tournament_desk.services.players import list_players

TEMPLATE = resource_path("registration-template.xlsx")
ROOT = Path(__file__).resolve().parents[2]


def sheet_values(path: Path) -> dict[str, list[tuple[object, ...]]]:
    wb = load_workbook(path)
    return {ws.title: list(ws.iter_rows(values_only=True)) for ws in wb.worksheets}


def test_the_template_has_only_the_header_row_on_its_first_sheet() -> None:
    values = sheet_values(TEMPLATE)
    assert list(values) == ["报名表", "说明"]
    assert values["报名表"] == [("队名", "单位", "队员", "识别号")]
    assert len(values["说明"]) > 3


def test_the_untouched_template_imports_nothing(tmp_path: Path) -> None:
    with create_tournament(tmp_path / "t.tdesk", name="报名测试") as desk:
        with pytest.raises(BadInput) as caught:
            import_entrants(desk, TEMPLATE)
        assert caught.value.message.template == "'{path}' has no entrants to import."


def test_a_filled_template_imports_exactly_its_rows(tmp_path: Path) -> None:
    filled = tmp_path / "报名表.xlsx"
    shutil.copy(TEMPLATE, filled)
    wb = load_workbook(filled)
    ws = wb["报名表"]
    ws.append(["红星队", "市老年协会", "张三、李四", "1234,5678"])
    ws.append(["蓝天队", "铁路局", "王五，赵六"])
    ws.append(["白云队", None, None])
    wb.save(filled)
    with create_tournament(tmp_path / "t.tdesk", name="报名测试") as desk:
        imported = import_entrants(desk, filled)
        idents = {p.name: p.ident for p in list_players(desk)}
    assert [(e.name, e.unit, e.players) for e in imported] == [
        ("红星队", "市老年协会", ("张三", "李四")),
        ("蓝天队", "铁路局", ("王五", "赵六")),
        ("白云队", None, ()),
    ]
    assert idents == {"张三": "1234", "李四": "5678", "王五": None, "赵六": None}


@pytest.mark.slow
def test_the_script_regenerates_the_committed_template(tmp_path: Path) -> None:
    out = tmp_path / "t.xlsx"
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "make_registration_template.py"), str(out)],
        check=True,
        capture_output=True,
    )
    assert sheet_values(out) == sheet_values(TEMPLATE)
