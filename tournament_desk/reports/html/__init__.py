"""The public pages as HTML documents, fed plain data: the LAN server's pages (``web``) and the static site
(``services.site``) render with these, so a page served and the same page exported cannot differ.

``pages``: the page around a body and the players' pages (search, my card, pairings, standings, clock);
``crosstable``: the cross-table or group tables; ``site``: the static site's files; ``shapes``: the data they
take. No request or response handling here (that is ``web``'s), and no reading of the event.
"""
