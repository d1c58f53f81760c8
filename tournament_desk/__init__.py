"""Tournament Desk: run Shengji (升级 / 80 分) card tournaments."""

# The one place the version is written: pyproject.toml reads it (dynamic = ["version"]), and so do the About
# box, `tdesk --version`, `tournament-desk --version`, the installers' file names and the Windows version
# resource (installer/). A release is this line, CHANGELOG.md's dated section and a tag vVERSION.
__version__ = "0.9.0"
