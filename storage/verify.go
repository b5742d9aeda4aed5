package storage

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
)

// The layout of a bbolt file (format version 2), as go.etcd.io/bbolt
// writes it. Every page starts with a 16-byte header: id, flags, count,
// overflow. bbolt reads its pages through unchecked pointers into the
// mapped file, so a damaged page makes it fault or panic; verifyLayout
// checks every reachable page with bounds-checked reads before bbolt
// touches the file.
const (
	boltMagic       = 0xED0CDAED
	boltVersion     = 2
	pageHeaderSize  = 16
	elementSize     = 16 // branch and leaf page elements alike
	bucketHeader    = 16 // a bucket value: root page id, sequence
	metaChecksumOff = 56 // the meta's checksum covers the bytes before it

	branchPage   = 0x01
	leafPage     = 0x02
	metaPage     = 0x04
	freelistPage = 0x10

	bucketLeaf = 0x01 // a leaf element that is a nested bucket

	noFreelist = ^uint64(0)

	// maxDepth bounds the nesting of pages and buckets: a sound file of
	// takbot's is a few levels deep, a damaged one may loop.
	maxDepth = 64
	// maxProblems bounds the problems one check reports.
	maxProblems = 20
)

var native = binary.NativeEndian

// boltMeta is a parsed meta page.
type boltMeta struct {
	pageSize uint32
	root     uint64 // the root bucket's page
	freelist uint64
	hwm      uint64 // the high water mark: pages below it exist
	txid     uint64
}

// parseMeta reads the meta page at off of data; it returns an error when
// the page is not a valid meta page.
func parseMeta(data []byte, off int) (boltMeta, error) {
	if off < 0 || off+pageHeaderSize+metaChecksumOff+8 > len(data) {
		return boltMeta{}, fmt.Errorf("meta page at byte %d is beyond the end of the file", off)
	}
	m := data[off+pageHeaderSize:]
	if native.Uint32(m[0:]) != boltMagic {
		return boltMeta{}, fmt.Errorf("meta page at byte %d: not a bbolt meta page", off)
	}
	if v := native.Uint32(m[4:]); v != boltVersion {
		return boltMeta{}, fmt.Errorf("meta page at byte %d: format version %d, want %d", off, v, boltVersion)
	}
	h := fnv.New64a()
	h.Write(m[:metaChecksumOff])
	if h.Sum64() != native.Uint64(m[metaChecksumOff:]) {
		return boltMeta{}, fmt.Errorf("meta page at byte %d: bad checksum", off)
	}
	return boltMeta{pageSize: native.Uint32(m[8:]), root: native.Uint64(m[16:]), freelist: native.Uint64(m[32:]),
		hwm: native.Uint64(m[40:]), txid: native.Uint64(m[48:])}, nil
}

// readMeta picks the meta page bbolt would use: the valid one with the
// higher transaction id. head holds at least the first two pages of the
// default size, or the whole file when it is shorter.
func readMeta(head []byte) (boltMeta, error) {
	m0, err0 := parseMeta(head, 0)
	off1 := os.Getpagesize()
	if err0 == nil {
		off1 = int(m0.pageSize)
	}
	m1, err1 := parseMeta(head, off1)
	switch {
	case err0 != nil && err1 != nil:
		return boltMeta{}, fmt.Errorf("both meta pages are invalid (%v; %v)", err0, err1)
	case err0 != nil:
		return m1, nil
	case err1 != nil || m0.txid >= m1.txid:
		return m0, nil
	}
	return m1, nil
}

// layoutCheck walks the pages of a mapped bbolt file.
type layoutCheck struct {
	// at returns n bytes of the file from off (within its pages, which
	// the caller checked): a mapped file's slice, or a copy read from
	// the file, so that checking a large file does not make every page
	// of it resident at once.
	at func(off, n uint64) []byte
	// hold and release, when set, say which page a caller keeps while it
	// reads others (a tree page while its children are checked), so that
	// a reader can use the buffers of the others again.
	hold, release func(p []byte)
	pageSize      uint64
	hwm           uint64
	used          []bool // pages reached from the meta (freelist and trees)
	free          []bool
	problems      []string
}

func (c *layoutCheck) problem(format string, args ...any) {
	if len(c.problems) < maxProblems {
		c.problems = append(c.problems, fmt.Sprintf(format, args...))
	}
}

// page returns the bytes of page id and its overflow pages, checking its
// header; ok is false (and the problem reported) when it is unusable.
func (c *layoutCheck) page(id uint64, want string) (p []byte, flags, count uint16, ok bool) {
	if id < 2 || id >= c.hwm {
		c.problem("%s page %d is outside the file's pages 2 to %d", want, id, c.hwm-1)
		return nil, 0, 0, false
	}
	off := id * c.pageSize
	hdr := c.at(off, pageHeaderSize)
	if got := native.Uint64(hdr); got != id {
		c.problem("page %d says it is page %d", id, got)
		return nil, 0, 0, false
	}
	flags, count = native.Uint16(hdr[8:]), native.Uint16(hdr[10:])
	overflow := uint64(native.Uint32(hdr[12:]))
	if overflow >= c.hwm-id {
		c.problem("page %d runs %d pages past the file's last page", id, overflow)
		return nil, 0, 0, false
	}
	for i := id; i <= id+overflow; i++ {
		if c.used[i] {
			c.problem("page %d is used twice", i)
			return nil, 0, 0, false
		}
		c.used[i] = true
	}
	p = c.at(off, (overflow+1)*c.pageSize)
	if c.hold != nil {
		c.hold(p)
	}
	return p, flags, count, true
}

// done tells the reader a page from page is not used any more.
func (c *layoutCheck) done(p []byte) {
	if c.release != nil {
		c.release(p)
	}
}

// freelist reads the free page ids.
func (c *layoutCheck) freelist(id uint64) {
	p, flags, count, ok := c.page(id, "freelist")
	if !ok {
		return
	}
	defer c.done(p)
	if flags != freelistPage {
		c.problem("freelist page %d has type %#x", id, flags)
		return
	}
	ids := p[pageHeaderSize:]
	n := uint64(count)
	if count == 0xFFFF {
		if len(ids) < 8 {
			c.problem("freelist page %d is too short", id)
			return
		}
		n, ids = native.Uint64(ids), ids[8:]
	}
	if n > uint64(len(ids)/8) {
		c.problem("freelist page %d lists %d pages, more than it holds", id, n)
		return
	}
	for i := uint64(0); i < n; i++ {
		f := native.Uint64(ids[8*i:])
		switch {
		case f < 2 || f >= c.hwm:
			c.problem("freelist page %d lists page %d, outside the file", id, f)
		case c.free[f]:
			c.problem("freelist page %d lists page %d twice", id, f)
		default:
			c.free[f] = true
		}
	}
}

// element returns the key of element i of a page's bytes p (and, for a
// leaf, its flags and value), checking they lie within p.
func element(p []byte, i int, leaf bool) (key, value []byte, flags uint32, child uint64, ok bool) {
	at := pageHeaderSize + i*elementSize
	if at+elementSize > len(p) {
		return nil, nil, 0, 0, false
	}
	e := p[at : at+elementSize]
	var pos, ksize, vsize uint64
	if leaf {
		flags, pos, ksize, vsize = native.Uint32(e), uint64(native.Uint32(e[4:])), uint64(native.Uint32(e[8:])), uint64(native.Uint32(e[12:]))
	} else {
		pos, ksize, child = uint64(native.Uint32(e)), uint64(native.Uint32(e[4:])), native.Uint64(e[8:])
	}
	start := uint64(at) + pos
	if start+ksize+vsize > uint64(len(p)) {
		return nil, nil, 0, 0, false
	}
	return p[start : start+ksize], p[start+ksize : start+ksize+vsize], flags, child, true
}

// tree checks the pages of a bucket's tree below page id: every key in
// [lo, hi) (nil: unbounded), ascending, nested buckets included.
func (c *layoutCheck) tree(id uint64, lo, hi []byte, depth int) {
	if depth > maxDepth {
		c.problem("page %d is nested more than %d deep", id, maxDepth)
		return
	}
	p, flags, count, ok := c.page(id, "tree")
	if !ok {
		return
	}
	defer c.done(p)
	switch flags {
	case branchPage, leafPage:
	default:
		c.problem("page %d has type %#x where a tree page belongs", id, flags)
		return
	}
	c.elements(id, p, flags == leafPage, int(count), lo, hi, depth)
}

// elements checks the elements of a branch or leaf page (p holds the
// page; id names it in problems, 0 for an inline bucket).
func (c *layoutCheck) elements(id uint64, p []byte, leaf bool, count int, lo, hi []byte, depth int) {
	if !leaf && count == 0 {
		c.problem("branch page %d is empty", id)
		return
	}
	var prev []byte
	for i := 0; i < count; i++ {
		key, value, flags, child, ok := element(p, i, leaf)
		if !ok {
			c.problem("page %d: element %d lies outside the page", id, i)
			return
		}
		if (i > 0 && bytes.Compare(prev, key) >= 0) || (lo != nil && bytes.Compare(key, lo) < 0) || (hi != nil && bytes.Compare(key, hi) >= 0) {
			c.problem("page %d: key %d is out of order", id, i)
			return
		}
		prev = key
		if !leaf {
			next := hi
			if i+1 < count {
				if nk, _, _, _, ok := element(p, i+1, false); ok {
					next = nk
				}
			}
			c.tree(child, key, next, depth+1)
			continue
		}
		if flags&bucketLeaf != 0 {
			c.bucket(id, key, value, depth+1)
		}
	}
}

// bucket checks a nested bucket: its value is a bucket header, followed
// by the bucket's page when it is inline (root 0).
func (c *layoutCheck) bucket(parent uint64, name, value []byte, depth int) {
	if len(value) < bucketHeader {
		c.problem("page %d: bucket %q has a short header", parent, name)
		return
	}
	root := native.Uint64(value)
	if root != 0 {
		c.tree(root, nil, nil, depth)
		return
	}
	inline := value[bucketHeader:]
	if len(inline) < pageHeaderSize {
		c.problem("page %d: inline bucket %q is too short", parent, name)
		return
	}
	if flags := native.Uint16(inline[8:]); flags != leafPage {
		c.problem("page %d: inline bucket %q has page type %#x", parent, name, flags)
		return
	}
	c.elements(parent, inline, true, int(native.Uint16(inline[10:])), nil, nil, depth)
}

// verifyLayout checks the pages of a bbolt file whose first size bytes
// are data (a mapping of the file, or the file read into memory). It
// returns the problems found, none for a sound file; an empty file is
// sound (bbolt initialises it).
func verifyLayout(data []byte, size int64) []string {
	c := &layoutCheck{at: func(off, n uint64) []byte { return data[off : off+n] }}
	return verifyPages(c, data, uint64(len(data)), size)
}

// verifyFile is verifyLayout on an open file of size bytes, read a page
// at a time (pageReader).
func verifyFile(f *os.File, size int64) ([]string, error) {
	head := make([]byte, min(size, 2<<20)) // the meta pages, for any page size
	if _, err := f.ReadAt(head, 0); err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	r := &pageReader{f: f}
	if m, err := readMeta(head); err == nil {
		r.pageSize = uint64(m.pageSize)
	}
	c := &layoutCheck{at: r.at, hold: r.hold, release: r.release}
	problems := verifyPages(c, head, uint64(size), size)
	return problems, r.err
}

// pageReader reads a file for the page check: the check asks for a page's
// header, then for the page, so a read takes a whole page and the next
// request is served from it when it lies inside (one read a page instead
// of two). Larger reads, in blocks kept for later pages, cost more than
// they save: a file's tree pages lie all over it, and a block is rarely
// used twice before the walk moves on (a year of games took 3.5 s with
// 256 KB blocks against 137 ms reading a page at a time). The buffers of
// pages the check no longer holds are read into again: a few (one for
// each level of the tree being walked) serve the whole file, where a new
// one for each page made half of the check's time allocating them.
// Nothing of the file is mapped or stays resident in the process.
type pageReader struct {
	f        *os.File
	pageSize uint64
	bufs     []*pageBuf
	last     *pageBuf // the last read, from lastOff, lastLen bytes
	lastOff  uint64
	lastLen  uint64
	err      error // the first read error
}

// pageBuf is a buffer of a pageReader, held while the check keeps a page
// read into it.
type pageBuf struct {
	b    []byte
	held bool
}

// at returns n bytes at off.
func (r *pageReader) at(off, n uint64) []byte {
	if r.last != nil && off >= r.lastOff && off+n <= r.lastOff+r.lastLen {
		in := off - r.lastOff
		return r.last.b[in : in+n : in+n]
	}
	size := max(n, r.pageSize)
	var pb *pageBuf
	for _, c := range r.bufs {
		if !c.held && uint64(len(c.b)) >= size {
			pb = c
			break
		}
	}
	if pb == nil {
		pb = &pageBuf{b: make([]byte, size)}
		r.bufs = append(r.bufs, pb)
	}
	b := pb.b[:size]
	k, err := r.f.ReadAt(b, int64(off))
	if err != nil && !(errors.Is(err, io.EOF) && uint64(k) >= n) && r.err == nil {
		r.err = err
	}
	if uint64(k) < n {
		clear(b[k:n]) // nothing of an earlier page shows through a short read
	}
	r.last, r.lastOff, r.lastLen = pb, off, max(uint64(k), n)
	return b[:n:n]
}

// buf returns the buffer p was read into.
func (r *pageReader) buf(p []byte) *pageBuf {
	if len(p) == 0 {
		return nil
	}
	for _, c := range r.bufs {
		if &c.b[0] == &p[0] {
			return c
		}
	}
	return nil
}

// hold keeps p's buffer from being read into again until release.
func (r *pageReader) hold(p []byte) {
	if c := r.buf(p); c != nil {
		c.held = true
	}
}

// release lets p's buffer be read into again.
func (r *pageReader) release(p []byte) {
	if c := r.buf(p); c != nil {
		c.held = false
	}
}

// verifyPages checks the layout of a file of size bytes, of which have
// are readable through c.at, its meta pages in head.
func verifyPages(c *layoutCheck, head []byte, have uint64, size int64) []string {
	if size == 0 {
		return nil
	}
	if size < pageHeaderSize+metaChecksumOff+8 {
		return []string{fmt.Sprintf("the file has only %d bytes, too few for a database", size)}
	}
	m, err := readMeta(head)
	if err != nil {
		return []string{err.Error()}
	}
	ps := uint64(m.pageSize)
	if ps < 512 || ps > 1<<20 || ps&(ps-1) != 0 {
		return []string{fmt.Sprintf("the meta page gives a page size of %d bytes", ps)}
	}
	if m.hwm < 3 || m.hwm > uint64(size)/ps {
		if m.hwm >= 3 && m.hwm <= 1<<40 {
			return []string{fmt.Sprintf("the file is truncated: it has %d bytes, its pages need %d", size, m.hwm*ps)}
		}
		return []string{fmt.Sprintf("the meta page gives %d pages", m.hwm)}
	}
	if have < m.hwm*ps {
		return []string{fmt.Sprintf("the file is truncated: it has %d bytes, its pages need %d", have, m.hwm*ps)}
	}
	c.pageSize, c.hwm, c.used, c.free = ps, m.hwm, make([]bool, m.hwm), make([]bool, m.hwm)
	c.used[0], c.used[1] = true, true
	if m.freelist != noFreelist {
		c.freelist(m.freelist)
	}
	c.tree(m.root, nil, nil, 0)
	if m.freelist != noFreelist && len(c.problems) == 0 {
		for i := uint64(2); i < m.hwm; i++ {
			switch {
			case c.used[i] && c.free[i]:
				c.problem("page %d is both used and free", i)
			case !c.used[i] && !c.free[i]:
				c.problem("page %d is neither used nor free", i)
			}
		}
	}
	return c.problems
}
