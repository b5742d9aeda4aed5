package tourney

// matcher finds perfect matchings of a general graph by Edmonds' blossom
// algorithm (augmenting paths with blossom contraction, O(V^3)). Pairing
// uses it to know whether a partial pairing can still be completed, so
// the Swiss search never gives up a rule by running out of steps.
type matcher struct {
	n     int
	adj   [][]int
	dead  []bool // vertices already fixed (or not in the graph)
	match []int

	p, base          []int
	used, blossom    []bool
	lcaUsed          []bool
	queue, saveMatch []int
}

func newMatcher(n int) *matcher {
	mt := &matcher{n: n, adj: make([][]int, n), dead: make([]bool, n), match: make([]int, n),
		p: make([]int, n), base: make([]int, n), used: make([]bool, n), blossom: make([]bool, n),
		lcaUsed: make([]bool, n), saveMatch: make([]int, n)}
	return mt
}

func (mt *matcher) edge(a, b int) {
	mt.adj[a] = append(mt.adj[a], b)
	mt.adj[b] = append(mt.adj[b], a)
}

func (mt *matcher) lca(a, b int) int {
	clear(mt.lcaUsed)
	for {
		a = mt.base[a]
		mt.lcaUsed[a] = true
		if mt.match[a] == -1 {
			break
		}
		a = mt.p[mt.match[a]]
	}
	for {
		b = mt.base[b]
		if mt.lcaUsed[b] {
			return b
		}
		b = mt.p[mt.match[b]]
	}
}

func (mt *matcher) markPath(v, b, child int) {
	for mt.base[v] != b {
		mt.blossom[mt.base[v]] = true
		mt.blossom[mt.base[mt.match[v]]] = true
		mt.p[v] = child
		child = mt.match[v]
		v = mt.p[mt.match[v]]
	}
}

// findPath searches an augmenting path from the exposed vertex root and
// returns its other end, or -1.
func (mt *matcher) findPath(root int) int {
	for i := range mt.n {
		mt.used[i], mt.p[i], mt.base[i] = false, -1, i
	}
	mt.used[root] = true
	q := append(mt.queue[:0], root)
	defer func() { mt.queue = q[:0] }()
	for h := 0; h < len(q); h++ {
		v := q[h]
		for _, to := range mt.adj[v] {
			if mt.dead[to] || mt.base[v] == mt.base[to] || mt.match[v] == to {
				continue
			}
			if to == root || mt.match[to] != -1 && mt.p[mt.match[to]] != -1 {
				cur := mt.lca(v, to)
				clear(mt.blossom)
				mt.markPath(v, cur, to)
				mt.markPath(to, cur, v)
				for i := range mt.n {
					if !mt.dead[i] && mt.blossom[mt.base[i]] {
						mt.base[i] = cur
						if !mt.used[i] {
							mt.used[i] = true
							q = append(q, i)
						}
					}
				}
			} else if mt.p[to] == -1 {
				mt.p[to] = v
				if mt.match[to] == -1 {
					return to
				}
				mt.used[mt.match[to]] = true
				q = append(q, mt.match[to])
			}
		}
	}
	return -1
}

// augment flips an augmenting path from root, if there is one.
func (mt *matcher) augment(root int) bool {
	v := mt.findPath(root)
	if v == -1 {
		return false
	}
	for v != -1 {
		pv := mt.p[v]
		ppv := mt.match[pv]
		mt.match[v] = pv
		mt.match[pv] = v
		v = ppv
	}
	return true
}

// perfect computes a maximum matching of the live vertices and reports
// whether it covers them all.
func (mt *matcher) perfect() bool {
	for i := range mt.match {
		mt.match[i] = -1
	}
	for v := range mt.n {
		if mt.dead[v] || mt.match[v] != -1 {
			continue
		}
		for _, to := range mt.adj[v] {
			if !mt.dead[to] && mt.match[to] == -1 {
				mt.match[v], mt.match[to] = to, v
				break
			}
		}
	}
	for v := range mt.n {
		// A vertex left exposed by a failed search stays exposed in every
		// maximum matching.
		if !mt.dead[v] && mt.match[v] == -1 && !mt.augment(v) {
			return false
		}
	}
	return true
}

// fix tries to put edge x-y into the perfect matching of the live
// vertices (there must be one) and then takes x and y out of the graph.
// It reports false, changing nothing, when no perfect matching holds x-y.
func (mt *matcher) fix(x, y int) bool {
	if mt.match[x] != y {
		copy(mt.saveMatch, mt.match)
		a, b := mt.match[x], mt.match[y]
		mt.match[a], mt.match[b] = -1, -1
		mt.match[x], mt.match[y] = y, x
		mt.dead[x], mt.dead[y] = true, true
		// Only a and b are exposed: a path from a ends at b.
		if !mt.augment(a) {
			copy(mt.match, mt.saveMatch)
			mt.dead[x], mt.dead[y] = false, false
			return false
		}
		return true
	}
	mt.dead[x], mt.dead[y] = true, true
	return true
}
