"""The main window's parts: what it shows (base), its files, its printing, its menus; gui/main_window.py composes them."""
