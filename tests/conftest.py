import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["TDESK_LANG"] = "en"
os.environ["TDESK_STATION"] = "test-station"
