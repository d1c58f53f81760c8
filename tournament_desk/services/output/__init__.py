"""What leaves the desk: exported files, printed paper, the static site, the entry cards."""
