"""The desk's LAN server (players' pages, table entry); imports services and domain, never storage."""
