"""Catalogue part: a series' standings exported as PDF, workbook, page and picture (issue 30:
``services.output.series``, ``tdesk series export``)."""

from __future__ import annotations

SERIES_OUTPUT: dict[str, str] = {
    "Unknown series export '{what}': choose one of {choices}.": "未知的系列赛导出格式“{what}”：请从 {choices} 中选择。",
    "'{path}' must end in {suffix}.": "“{path}”的扩展名必须是 {suffix}。",
    "'{path}' is a series or tournament file; export to another name.": "“{path}”是系列赛或赛事文件；请导出为另一个文件名。",
    "--url goes with a picture (png) only.": "--url 只用于图片（png）。",
}
