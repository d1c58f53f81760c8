"""Tournament Desk: run Shengji (升级 / 80 分) card tournaments."""

__version__ = "0.1.0"
