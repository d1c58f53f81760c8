"""Catalogue entries of the live results (LAN server, tables' phones, round clock): English → 简体中文."""

from __future__ import annotations

LIVE: dict[str, str] = {
    # --- tables' phones ---------------------------------------------------------------------------
    "This table code is not known; scan the QR code on your scoresheet again.": "无法识别此桌的二维码，请重新扫描记分表上的二维码。",
    "Round {round} is closed; results from the tables are no longer taken for it.": "第 {round} 轮已结束，不再接受从赛桌提交的成绩。",
    "Choose whether you sit at home or away.": "请选择您是主队还是客队。",
    "The page is out of date; reload it and enter the result again.": "页面已过期，请刷新后重新填写成绩。",
    "The desk has recorded this table's result; ask the director to change it.": "记分台已录入此桌成绩，如需更改请找裁判长。",
    "Both sides have confirmed this table's result; ask the director to change it.": "双方已确认此桌成绩，如需更改请找裁判长。",
    "This table's result changed since you opened the page; reload it and check.": "您打开页面后此桌成绩已有变动，请刷新页面后核对。",
    "This side of the table was entered from another phone; ask the director to release it.": "此方成绩已由另一部手机填写，如需换手机请找裁判长解除绑定。",
    "This phone already entered for the other side; the other side confirms on its own phone.": "这部手机已替对方填写过，请对方用自己的手机确认。",
    # --- round clock and announcements -------------------------------------------------------------
    "Set the round clock first.": "请先设置本轮计时。",
    "The round's time is over; set the clock again to start it.": "本轮时间已到，请重新设置计时后再开始。",
    "Change the clock by 1 to 60 minutes at a time.": "每次只能调整 1 到 60 分钟。",
    "The announcement is empty.": "公告内容为空。",
    "An announcement holds at most 500 characters.": "公告最多 500 个字。",
    "There is no announcement {id} on the screens.": "屏幕上没有第 {id} 号公告。",
    "A round lasts 1 to 600 minutes, not {minutes}.": "每轮时长应为 1 到 600 分钟，不能是 {minutes}。",
    "The last deal must be called after the start and before the end of the round (minute 1 to {last}).": "最后一副的提示时间必须在本轮开始之后、结束之前（第 1 到第 {last} 分钟）。",
}
