package engine

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"math/bits"
)

// Weights are the evaluation's weights in centiflats per unit of each
// feature, one for the opening and one for the end of the game.
type Weights struct {
	Open, End [nFeatures]float64
}

//go:embed weights.json
var defaultWeightsJSON []byte

// DefaultWeights returns the tuned weights shipped with the engine
// (weights.json, written by `go run ./engine/cmd/tune`).
func DefaultWeights() *Weights {
	w, err := ParseWeights(defaultWeightsJSON)
	if err != nil {
		panic("engine: weights.json: " + err.Error())
	}
	return w
}

// ParseWeights reads weights written by WriteWeights: a JSON object from
// feature name to [opening, end]. Every feature must be present.
func ParseWeights(data []byte) (*Weights, error) {
	var m map[string][2]float64
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("weights: %w", err)
	}
	w := new(Weights)
	for i, name := range featureNames {
		v, ok := m[name]
		if !ok {
			return nil, fmt.Errorf("weights: feature %q missing", name)
		}
		w.Open[i], w.End[i] = v[0], v[1]
	}
	if len(m) != nFeatures {
		return nil, fmt.Errorf("weights: %d features given, the evaluation has %d", len(m), nFeatures)
	}
	return w, nil
}

// WriteWeights writes w as JSON, one feature a line, in the evaluation's order.
func WriteWeights(out io.Writer, w *Weights) error {
	if _, err := fmt.Fprintln(out, "{"); err != nil {
		return err
	}
	for i, name := range featureNames {
		sep := ","
		if i == nFeatures-1 {
			sep = ""
		}
		if _, err := fmt.Fprintf(out, "  %q: [%.1f, %.1f]%s\n", name, w.Open[i], w.End[i], sep); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintln(out, "}")
	return err
}

func bitIndex(x uint64) int { return bits.TrailingZeros64(x) }
