"""Pairing engines: Swiss (weighted matching)."""

from tournament_desk.domain.pairing.swiss import (
    PairedTable,
    Pairing,
    PairingEntrant,
    pair_round,
)

__all__ = ["PairedTable", "Pairing", "PairingEntrant", "pair_round"]
