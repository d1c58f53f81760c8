"""Result entry: one page (``page.EntryPage``) that every format's result page extends, and its parts.

``page`` holds what every entry page shares (the message line, the round picker, typing in the grid, the undo
controls, where results came from and Ctrl+D, tables changed elsewhere while typed); ``editor`` is the grid's
editor, which only emits signals. One module per kind of result page extends them: ``levels`` (the levels of
a table), ``duplicate`` (duplicate boards room by room), ``knockout`` (levels and the side on stage, with the
bracket), ``mitchell`` (a Mitchell pairs event's boards) and ``team_match`` (the pair games of a team match);
the registry ``gui/formats`` says which page each stage format and scoring mode uses.
"""
