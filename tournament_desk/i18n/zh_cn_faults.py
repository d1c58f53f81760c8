"""Catalogue part: a database server that refuses or goes away, a damaged file, a disk that stops an export, and
where a server's password comes from (issue 28)."""

from __future__ import annotations

FAULTS: dict[str, str] = {
    "The server {server} has no such database: check the database name; nothing was changed.":
        "服务器 {server} 上没有这个数据库：请检查数据库名；未做任何修改。",
    "The server {server} refused the login: wrong password or user name (or none given); nothing was changed.":
        "服务器 {server} 拒绝登录：密码或用户名错误（或未提供）；未做任何修改。",
    "The server {server} cannot be reached: check its address and that it is running; nothing was changed.":
        "无法连接服务器 {server}：请检查地址，并确认服务器正在运行；未做任何修改。",
    "The server {server} cannot be reached; what you typed last was NOT stored: type it again when it is back.":
        "无法连接服务器 {server}；刚才输入的内容没有保存：服务器恢复后请重新输入。",
    "at the address given": "（所填地址）",
    "The database is damaged and cannot be read; nothing was changed.": "数据库已损坏，无法读取；未做任何修改。",
    "'{path}' is damaged and cannot be read, and it has no backup copy; open the copy you last mailed or saved "
    "elsewhere.": "“{path}”已损坏，无法读取，而且没有备份：请打开您最近发送或另存的副本。",
    "'{path}' is damaged and cannot be read; open its newest backup copy instead: '{backup}'.":
        "“{path}”已损坏，无法读取；请改为打开最新的备份：“{backup}”。",
    "The disk is full: nothing was written to '{path}'. Free some space, or choose another disk, and try again.":
        "磁盘已满：没有写入“{path}”。请腾出空间或换一个磁盘后重试。",
    "The disk or folder is read-only: nothing was written to '{path}'. Choose a folder you can write to.":
        "磁盘或文件夹为只读：没有写入“{path}”。请选择一个可以写入的文件夹。",
    "Warning: the password in --{option} is visible to every user of this computer (ps); keep it in ~/.pgpass (or "
    "PGPASSFILE) or the keyring instead, or leave it out to be asked for it.":
        "警告：写在 --{option} 里的密码，这台电脑的每个用户都能看到（ps）；请改放在 ~/.pgpass（或 PGPASSFILE）"
        "或系统钥匙串中，或者不写，运行时会询问。",
    "Password for {server}: ": "{server} 的密码：",
}  # fmt: skip
