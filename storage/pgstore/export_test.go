package pgstore

// Queued returns how many updates wait for the next batch.
func Queued(s *Store) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.queue)
}
