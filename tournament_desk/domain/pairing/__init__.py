"""Pairing engines: Swiss (weighted matching, ``swiss.pair_round``).

The package itself holds only what a pairing is (``tables``) and who is paired (``costs``): the engine and its graphs
are imported where a round is paired, not by everything that reads one (issue 29).
"""

from tournament_desk.domain.pairing.costs import PairingEntrant
from tournament_desk.domain.pairing.tables import Locked, PairedTable, Pairing

__all__ = ["Locked", "PairedTable", "Pairing", "PairingEntrant"]
