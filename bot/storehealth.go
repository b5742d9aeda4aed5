package bot

// The store's health (its failures to record, the replies delivered and
// not recorded, the damaged records set aside) is watched by
// Referee.trouble, an outbox.Health, through the store wrapper
// outbox.Watched; the replies delivered and not recorded are recorded by
// outbox.Courier.

// Problems describes, for a health check, what leaves the referee
// degraded: the store failing to record, replies delivered and not yet
// recorded, damaged records set aside. None when all is well.
func (r *Referee) Problems() []string { return r.trouble.Problems() }

// SetAside reports the damaged records err names (errors wrapping a
// *DamagedRecordError, such as a transport's adapter state it cannot
// decode), each once: logged, counted and listed in Problems. It returns
// whether err is about damaged records; the caller then goes on without
// them.
func (r *Referee) SetAside(err error) bool { return len(r.trouble.Damaged(err)) > 0 }
