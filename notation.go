package frisian

import "strconv"

// String returns the move in short PDN form without its position: "32-28"
// for a quiet move, "28x19" for a capture. Where two legal captures share
// start and end, Position.MoveText gives the unambiguous form.
func (m Move) String() string {
	if m.IsZero() {
		return "0000"
	}
	sep := byte('-')
	if m.captured != 0 {
		sep = 'x'
	}
	b := strconv.AppendUint(nil, uint64(m.From()), 10)
	b = append(b, sep)
	return string(strconv.AppendUint(b, uint64(m.To()), 10))
}

// HubString returns the move in the long form of the Hub engine protocol
// (Scan): a quiet move as "32-28", a capture as its start, its end and then
// every captured square ascending: "28x19x23". It needs no position to
// read back.
func (m Move) HubString() string {
	if m.captured == 0 {
		return m.String()
	}
	b := []byte(m.String())
	for sq := range m.Captured().All() {
		b = append(b, 'x')
		b = strconv.AppendUint(b, uint64(sq), 10)
	}
	return string(b)
}
