"""The multi-station tests drive ``tdesk`` like the command-line tests."""

from tests.cli.conftest import tdesk  # noqa: F401 - the fixture, shared
