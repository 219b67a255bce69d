package capture

import (
	"fmt"
	"math"
	"math/bits"
	"testing"
	"time"

	"github.com/frisian-draughts/frisian/internal/layout"
)

func TestZZRestart(t *testing.T) {
	names, boards := worstCases(t, 99)
	memo := newMemoTable(hardMemoBits)
	var totPair, totMin, totF, totS int
	var tt time.Duration
	for i, b := range boards {
		for c := capturers(b); c != 0; c &= c - 1 {
			from := bits.TrailingZeros64(c)
			var jg jumpGraph
			jg.init(from, b.own|b.opp, b.opp, b.kings, b.kings&(1<<from) != 0)
			reach, within := jg.reach()
			if bits.OnesCount64(reach) <= 14 {
				continue
			}
			t0 := time.Now()
			pair := eulerSearch{memo: &memo}
			pair.init(&jg, from, reach, within)
			pair.begin(within)
			pair.run(math.MaxInt)
			tt += time.Since(t0)
			var st [2]int
			for k, second := range []bool{false, true} {
				e := eulerSearch{memo: &memo}
				e.init(&jg, from, reach, within)
				if e.begin(within); e.depth >= 0 {
					e.second = second
					e.try()
				}
				e.search(math.MaxInt)
				st[k] = e.steps
			}
			m := min(st[0], st[1])
			totPair += pair.steps
			totMin += m
			totF += st[0]
			totS += st[1]
			if pair.steps > 20000 {
				fmt.Printf("%-16s %2d %-3d: pair %7d F %7d S %7d ratio %.2f\n", names[i], bits.OnesCount64(reach), layout.SquareOf[from], pair.steps, st[0], st[1], float64(pair.steps)/float64(m))
			}
		}
	}
	fmt.Printf("total pair %d min %d F %d S %d time %v\n", totPair, totMin, totF, totS, tt)
}
