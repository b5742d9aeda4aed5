//go:build dovecot

package dovecottest

// StopIMAP starts an IMAP outage: Dovecot restarts serving LMTP only, so
// the IMAP port refuses connections and open ones are dropped, while mail
// can still be delivered. The mail is kept.
func (s *Server) StopIMAP() error { return s.restart(protocolsLMTPOnly) }

// StartIMAP ends an IMAP outage: Dovecot restarts serving IMAP and LMTP on
// the same ports.
func (s *Server) StartIMAP() error { return s.restart(protocolsAll) }

// Restart stops Dovecot and starts it again on the same ports, keeping the
// mail and the IMAP state (served or not). Every connection is dropped.
func (s *Server) Restart() error {
	s.mu.Lock()
	protocols := s.cfg.Protocols
	s.mu.Unlock()
	return s.restart(protocols)
}

// restart stops Dovecot and starts it with the given protocols.
func (s *Server) restart(protocols string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.proc != nil {
		s.proc.stop()
		s.proc = nil
	}
	cfg := s.cfg
	cfg.Protocols = protocols
	return s.relaunchLocked(cfg)
}
