"""Catalogue part: pictures to share (issue 30: ``services.output.pictures``, ``tdesk export … --png``)."""

from __future__ import annotations

PICTURES: dict[str, str] = {
    "'{url}' is not a web address: it starts with http:// or https://.": "“{url}”不是网址：网址以 http:// 或 https:// 开头。",
    "Unknown picture '{what}': choose one of {choices}.": "没有“{what}”这种图片：请选择 {choices} 之一。",
    "--entrant goes with the entrant's card: tdesk export FILE card --png --entrant NAME.": "--entrant 用于参赛队的成绩卡：tdesk export 文件 card --png --entrant 队名。",
    "A round goes with the standings, a round's pairings and its results only.": "只有名次、一轮的对阵（查找桌号）和一轮的成绩可以指定轮次。",
    "Say whose card: tdesk export FILE card --png --entrant NAME.": "请说明是谁的成绩卡：tdesk export 文件 card --png --entrant 队名。",
    "'{path}' must end in .png.": "“{path}”必须以 .png 结尾。",
    "'{report}' is a picture: add --png and -o OUT.png.": "“{report}”是图片：请加上 --png 和 -o 输出文件.png。",
    "--top, --organiser, --live-url and --name do not go with a picture (--png).": "--top、--organiser、--live-url 和 --name 不能用于图片（--png）。",
}
