package discord

import "sync"

// lanes run jobs in order per key (a channel) and concurrently across
// keys: two moves posted in one thread are handled in the order Discord
// sent them, while other games go on meanwhile.
type lanes struct {
	mu     sync.Mutex
	queues map[string][]func()
	closed bool
	wg     sync.WaitGroup
}

func newLanes() *lanes { return &lanes{queues: map[string][]func(){}} }

// run queues a job on a key's lane; false once the lanes are closed.
func (l *lanes) run(key string, job func()) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return false
	}
	q, busy := l.queues[key]
	l.queues[key] = append(q, job)
	if !busy {
		l.wg.Add(1)
		go l.drain(key)
	}
	return true
}

// drain runs a lane's jobs until it is empty.
func (l *lanes) drain(key string) {
	defer l.wg.Done()
	for {
		l.mu.Lock()
		q := l.queues[key]
		if len(q) == 0 {
			delete(l.queues, key)
			l.mu.Unlock()
			return
		}
		job := q[0]
		l.queues[key] = q[1:]
		l.mu.Unlock()
		job()
	}
}

// close refuses new jobs and waits for the queued ones.
func (l *lanes) close() {
	l.mu.Lock()
	l.closed = true
	l.mu.Unlock()
	l.wg.Wait()
}
