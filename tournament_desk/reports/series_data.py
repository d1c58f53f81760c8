"""A series' or a sports meet's standings as the documents print them (issue 30, rules.md §13): the plain data
the PDF, the workbook, the static page and the picture are fed (``services.output.series`` gathers it in one
read), and the words they share — the rule in words, an event's status, a cell's place and points — so the four
always say the same thing.

A cell shows a competitor's place and points in one event ("1 · 10"); points that do not count toward the total
(outside the best N) are in brackets ("(3 · 5)"). Per unit (a meet) a unit has no place of its own: its cell is
its points only.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from tournament_desk.domain.series import PER_UNIT, EventScore, SeriesRule

FINAL, IN_PROGRESS, MISSING = "final", "in-progress", "missing"  # as services.series names an event's status


@dataclass(frozen=True)
class SeriesEventData:
    """A member event as read for this document: its number in the series, its name, where it is (a path or a
    server's name), its status (final, in-progress, missing, unreadable), whether it changed since it was
    added, and why it could not be read (a sentence, already in the reader's language)."""

    number: int
    name: str
    source: str
    status: str
    changed: bool = False
    after_round: int = 0
    problem: str = ""


@dataclass(frozen=True)
class SeriesRowData:
    rank: int | None  # None: fewer events than the minimum (listed, not ranked)
    name: str  # "" per unit
    unit: str
    points: float
    events: tuple[EventScore | None, ...]  # one per member event, in order; None: not in it
    played: int
    counted: int


@dataclass(frozen=True)
class SeriesData:
    name: str
    printed_at: datetime
    rule: SeriesRule
    events: tuple[SeriesEventData, ...]
    rows: tuple[SeriesRowData, ...]

    @property
    def per_unit(self) -> bool:
        return self.rule.per == PER_UNIT

    @property
    def complete(self) -> bool:
        return all(e.status == FINAL and not e.changed for e in self.events)


def figure(value: float) -> str:
    """Points as printed: 10 → "10", 3.5 → "3.5", 10/3 → "3.33"."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def cell_text(score: EventScore | None) -> str:
    """One event's cell: "1 · 10" (place · points), per unit "10"; not counted: "(3 · 5)"; not in it: ""."""
    if score is None:
        return ""
    text = figure(score.points) if score.place is None else f"{score.place} · {figure(score.points)}"
    return text if score.counted else f"({text})"


def rank_text(rank: int | None) -> str:
    return "—" if rank is None else str(rank)


def points_words(points: tuple[float, ...]) -> str:
    """积分：第1名10分，第2名7分，… 其后0分 (a long table is shortened after its tenth place)."""
    shown = [f"第{k}名{figure(p)}分" for k, p in enumerate(points[:10], start=1)]
    if len(points) > 10:
        shown.append(f"… 第{len(points)}名{figure(points[-1])}分")
    return "积分：" + "，".join(shown) + "，其后0分"


def rule_words(rule: SeriesRule) -> str:
    """The rule in the sheets' words (Chinese): the points by place, best N, the minimum, per unit."""
    parts = [points_words(rule.points) + "；名次并列者平分所占名次的积分"]
    parts.append(f"取最好{rule.best}次成绩" if rule.best is not None else "各站成绩全部计入")
    if rule.min_events:
        parts.append(f"至少参加{rule.min_events}次方可排名")
    if rule.per == PER_UNIT:
        parts.append("按单位计：各单位所有参赛队的积分相加")
    return "；".join(parts) + "。"


def rule_words_en(rule: SeriesRule) -> str:
    points = ", ".join(figure(p) for p in rule.points[:10]) + (", …" if len(rule.points) > 10 else "")
    parts = [f"Points by place: {points} (0 beyond; shared places share their points)"]
    parts.append(f"best {rule.best} count" if rule.best is not None else "every event counts")
    if rule.min_events:
        parts.append(f"at least {rule.min_events} events to be ranked")
    if rule.per == PER_UNIT:
        parts.append("per unit: a unit's entrants' points add up")
    return "; ".join(parts) + "."


STATUS_WORDS = {
    FINAL: "已完赛",
    IN_PROGRESS: "进行中",
    MISSING: "文件缺失，未计入",
}
UNREADABLE_WORDS = "无法读取，未计入"


def status_text(event: SeriesEventData) -> str:
    """An event's status as printed: 已完赛; 进行中（第3轮后）; 文件缺失，未计入; and 加入后有变动 when it changed."""
    words = STATUS_WORDS.get(event.status, UNREADABLE_WORDS)
    if event.status == IN_PROGRESS and event.after_round:
        words += f"（第{event.after_round}轮后）"
    if event.changed:
        words += "；加入后成绩有变动"
    return words


def event_title(event: SeriesEventData) -> str:
    return f"第{event.number}站 {event.name}"


def warning_text(data: SeriesData) -> str:
    """One sentence naming the events whose figures are not final: in progress, changed, missing, unreadable
    ("" when every event is over and unchanged)."""
    named = [f"{event_title(e)}（{status_text(e)}）" for e in data.events if e.status != FINAL or e.changed]
    return "注意：" + "、".join(named) + "。" if named else ""


def legend(data: SeriesData) -> str:
    cell = "每站一格：该单位在该站所得积分" if data.per_unit else "每站一格：名次 · 积分"
    dropped = "；括号内的成绩不计入总分（只取最好几次）" if data.rule.best is not None else ""
    unranked = "；名次“—”：参赛次数未达最少次数" if data.rule.min_events else ""
    return cell + dropped + unranked + "。"


def name_title(data: SeriesData) -> tuple[str, str]:
    """The competitor column's heading: 单位 per unit, else 名称."""
    return ("单位", "Unit") if data.per_unit else ("名称", "Name")
