// Package hugepage gives the capture engine's large buffers memory of
// their own, backed by huge pages where the system has them.
//
// A fresh process faults its memory in on first write, page by page: on
// the virtual machines measured, a 4 KiB page cost 2 to 11 µs, a 2 MiB
// huge page some 0.15 ms, so that a buffer of some megabytes written once
// costs milliseconds less in huge pages. Outside the garbage-collected
// heap, a buffer also starts no collection when it is made, which in a
// fresh process cost some 1.5 ms more, and it needs no clearing: the
// system hands out zeroed pages.
//
// None of this changes a result: where the system refuses the mapping or
// the advice, or has no huge page free, the words come from the heap or
// small pages.
package hugepage
