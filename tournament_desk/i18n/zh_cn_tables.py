"""Catalogue part: what a table of a round is (``domain/table_state.py``), as the window, tdesk, the phones and
the printed sheets all say it."""

from __future__ import annotations

TABLES: dict[str, str] = {
    "Home": "主队",
    "Away": "客队",
    "a side": "一方",
    "{who} withdrew: annulled": "{who}退赛：注销",
    "Both sides withdrew: annulled": "双方退赛：注销",
    "Annulled: a side withdrew": "注销（退赛）",
    "Annulled": "注销",
    "{who} withdrew: forfeit": "{who}退赛：弃权",
    "Both sides withdrew: forfeit": "双方退赛：弃权",
    "{who} forfeits": "{who}弃权",
    "Both sides forfeit": "双方弃权",
    "{who}: late scoresheet": "{who}迟交记分表",
    "Both sides: late scoresheet": "双方迟交记分表",
    "{who} loses by ruling": "{who}判负",
    "Both sides lose by ruling": "双方判负",
    "withdrew": "退赛",
    "forfeits": "弃权",
    "rests": "轮休",
    "no match": "不赛",
    "opponent withdrew": "对手退赛",
    "opponent forfeits": "对手弃权",
    "annulled": "注销",
    "Rest: no match, no score": "轮休：不赛，不计分",
    "Bye: {mp} MP, {vp} VP": "轮空：得 {mp} 场分、{vp} 标准分",
    "Rest": "轮休",
    "Bye": "轮空",
}
