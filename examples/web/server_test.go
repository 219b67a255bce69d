package main

import "testing"

// TestRoomFor: the tables of engine failures and of clients' standing
// stay within their bound whatever keys come: a new key drops the expired
// entries, else any one; a key already there drops none.
func TestRoomFor(t *testing.T) {
	m := map[int]bool{} // true: expired
	expired := func(v bool) bool { return v }
	for k := range 100 {
		roomFor(m, k, 10, expired)
		m[k] = k%4 == 0
		if len(m) > 10 {
			t.Fatalf("%d entries after key %d, bound 10", len(m), k)
		}
	}
	n := len(m)
	for k := range m {
		if roomFor(m, k, 10, expired); len(m) != n {
			t.Fatalf("making room for key %d, already there: %d entries, was %d", k, len(m), n)
		}
	}
	m = map[int]bool{1: true, 2: false, 3: true, 4: false}
	roomFor(m, 5, 4, expired)
	if _, ok := m[2]; len(m) != 2 || !ok {
		t.Errorf("the expired should go, and no other: %v", m)
	}
}
