"""Table models of the pages: plain rows from the services in, cells out (as Vorta's archive table model)."""
