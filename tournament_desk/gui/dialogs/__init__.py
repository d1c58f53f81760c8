"""Dialogs the pages open. Each is shown with ``open()`` and runs its action from ``accept()`` through a
callback, so a refused action keeps the dialog (and what was typed) on screen, and tests drive it directly."""
