"""A table's result at the desk: levels, boards, forfeits, deductions, and who may change it."""
