"""Pairing engines: Swiss (weighted matching)."""

from tournament_desk.domain.pairing.swiss import (
    Locked,
    PairedTable,
    Pairing,
    PairingEntrant,
    pair_round,
)

__all__ = ["Locked", "PairedTable", "Pairing", "PairingEntrant", "pair_round"]
