#!/bin/sh
# Tournament Desk · 赛事编排台: put it in this user's application menu and open *.tdesk files with it.
#
#   ./install.sh               run it from the unpacked folder, once the folder is where it is to stay
#   ./install.sh --uninstall   take the menu entry and the file type away again (the folder stays)
#
# Nothing needs root: the menu entry, file type and icons go under ~/.local/share (or $XDG_DATA_HOME) and links
# to the program and to tdesk, its command line, into ~/.local/bin. Both run from this folder and need no Python.
set -eu

HERE=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
DATA=${XDG_DATA_HOME:-$HOME/.local/share}
BIN=$HOME/.local/bin
APP=tournament-desk
MIME_ICON=application-x-tournament-desk
ICONS=$HERE/_internal/resources/icons
SIZES="16 24 32 48 64 128 256 512"

refresh() {
    if command -v update-mime-database >/dev/null 2>&1; then update-mime-database "$DATA/mime" || true; fi
    if command -v update-desktop-database >/dev/null 2>&1; then update-desktop-database "$DATA/applications" || true; fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1; then gtk-update-icon-cache -q -t "$DATA/icons/hicolor" || true; fi
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -f "$DATA/applications/$APP.desktop" "$DATA/mime/packages/$APP.xml" "$DATA/icons/hicolor/scalable/apps/$APP.svg"
    for size in $SIZES; do
        rm -f "$DATA/icons/hicolor/${size}x${size}/apps/$APP.png" "$DATA/icons/hicolor/${size}x${size}/mimetypes/$MIME_ICON.png"
    done
    for program in $APP tdesk; do  # only our own links: not those of another copy or a Python install
        if [ -L "$BIN/$program" ] && [ "$(readlink "$BIN/$program")" = "$HERE/$program" ]; then rm -f "$BIN/$program"; fi
    done
    refresh
    echo "Tournament Desk is out of the menu. Delete $HERE to remove the program itself."
    echo "Your tournaments and backups stay where they are (see the About window for the folders)."
    exit 0
fi

mkdir -p "$DATA/applications" "$DATA/mime/packages" "$DATA/icons/hicolor/scalable/apps" "$BIN"
for size in $SIZES; do
    mkdir -p "$DATA/icons/hicolor/${size}x${size}/apps" "$DATA/icons/hicolor/${size}x${size}/mimetypes"
    cp "$ICONS/$APP-$size.png" "$DATA/icons/hicolor/${size}x${size}/apps/$APP.png"
    cp "$ICONS/$APP-$size.png" "$DATA/icons/hicolor/${size}x${size}/mimetypes/$MIME_ICON.png"
done
cp "$ICONS/$APP.svg" "$DATA/icons/hicolor/scalable/apps/$APP.svg"
cp "$HERE/share/$APP.xml" "$DATA/mime/packages/$APP.xml"
# The program's path goes in quoted: the folder may be anywhere, spaces in the name included.
sed "s|@EXEC@|\"$HERE/$APP\"|" "$HERE/share/$APP.desktop" >"$DATA/applications/$APP.desktop"
# A tdesk of a Python install already there (not a link) is left alone, as is such a tournament-desk.
for program in $APP tdesk; do
    if [ ! -e "$BIN/$program" ] || [ -L "$BIN/$program" ]; then ln -sf "$HERE/$program" "$BIN/$program"; fi
done
refresh
if command -v xdg-mime >/dev/null 2>&1; then xdg-mime default "$APP.desktop" application/x-tournament-desk || true; fi
echo "Tournament Desk (赛事编排台) is in your applications menu, and *.tdesk files open with it."
echo "From a terminal: $BIN/$APP [FILE], and the command line: $BIN/tdesk --help"
