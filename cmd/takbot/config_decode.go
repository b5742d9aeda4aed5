package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// decodeOptions say how to decode a configuration file.
type decodeOptions struct {
	// lookupEnv resolves ${VAR} references (nil: every variable unset).
	lookupEnv func(string) (string, bool)
	// readSecrets expands the secrets' values and reads the files of
	// _file secrets. Commands that need no secret (console, backup,
	// export) leave it off, so that they run without access to the
	// files, nor the variables (such as $CREDENTIALS_DIRECTORY) that only
	// the service has.
	readSecrets bool
	// requireBuiltIn makes a section whose transport this binary lacks a
	// problem (takbot serve could not run it).
	requireBuiltIn bool
	// readFile reads a secret file (default readFileLimited).
	readFile func(string) ([]byte, error)
}

// decodeConfig decodes a YAML configuration over the defaults, strictly:
// an unknown key, a key given twice, a value of the wrong type, an unset
// ${VAR} or an unreadable secret file is a problem naming the key and its
// line. It returns the configuration, the line of every key the file
// gives (dotted, "email.imap.host") and the problems found, all of them.
func decodeConfig(data []byte, o decodeOptions) (config, map[string]int, []*configProblem) {
	cfg := defaultConfig()
	d := &decoder{opts: o, lines: map[string]int{}}
	if d.opts.lookupEnv == nil {
		d.opts.lookupEnv = func(string) (string, bool) { return "", false }
	}
	if d.opts.readFile == nil {
		d.opts.readFile = readFileLimited
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	switch err := dec.Decode(&doc); {
	case errors.Is(err, io.EOF):
		return cfg, d.lines, nil // an empty file: the defaults
	case err != nil:
		return cfg, d.lines, []*configProblem{syntaxProblem(data, err)}
	}
	var next yaml.Node
	if err := dec.Decode(&next); !errors.Is(err, io.EOF) {
		line := next.Line
		if err != nil {
			line = 0
		}
		d.problem(line, "", problemSyntax, errors.New("the file holds more than one YAML document"))
	}
	if len(doc.Content) == 1 {
		d.mapping(doc.Content[0], reflect.ValueOf(&cfg).Elem(), "")
	}
	return cfg, d.lines, d.problems
}

// decoder walks a YAML tree into configuration structs.
type decoder struct {
	opts     decodeOptions
	lines    map[string]int
	problems []*configProblem
}

func (d *decoder) problem(line int, key string, kind problemKind, err error) {
	d.problems = append(d.problems, &configProblem{Line: line, Key: key, Kind: kind, Err: err})
}

// field is one key of a configuration struct.
type field struct {
	index int
	// fileForm is set for the "KEY_file" form of a secret.
	fileForm bool
}

// fieldsOf maps the keys of a configuration struct to its fields; a
// secret field has two keys, KEY and KEY_file.
func fieldsOf(t reflect.Type) map[string]field {
	out := map[string]field{}
	for i := 0; i < t.NumField(); i++ {
		name := t.Field(i).Tag.Get("config")
		if name == "" {
			continue
		}
		out[name] = field{index: i}
		if t.Field(i).Type == reflect.TypeFor[secret]() {
			out[name+"_file"] = field{index: i, fileForm: true}
		}
	}
	return out
}

func joinKey(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "." + name
}

// resolveAlias follows YAML aliases (*name) to the node they stand for.
func resolveAlias(n *yaml.Node) *yaml.Node {
	for i := 0; n.Kind == yaml.AliasNode && n.Alias != nil && i < 100; i++ {
		n = n.Alias
	}
	return n
}

func isNull(n *yaml.Node) bool { return n.Kind == yaml.ScalarNode && n.Tag == "!!null" }

// mapping decodes a mapping node into the struct v.
func (d *decoder) mapping(n *yaml.Node, v reflect.Value, prefix string) {
	n = resolveAlias(n)
	if isNull(n) {
		return
	}
	if n.Kind != yaml.MappingNode {
		msg := "must be a mapping of keys (key: value)"
		if prefix == "" {
			msg = "the file " + msg
		}
		d.problem(n.Line, prefix, problemSyntax, errors.New(msg))
		return
	}
	fields := fieldsOf(v.Type())
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, val := resolveAlias(n.Content[i]), n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			d.problem(k.Line, prefix, problemSyntax, errors.New("a key must be a plain word"))
			continue
		}
		key := joinKey(prefix, k.Value)
		if _, dup := seen[k.Value]; dup {
			d.problem(k.Line, key, problemDuplicateKey, nil)
			continue
		}
		seen[k.Value] = k.Line
		f, ok := fields[k.Value]
		if !ok {
			names := make([]string, 0, len(fields))
			for name := range fields {
				names = append(names, name)
			}
			sort.Strings(names)
			p := &configProblem{Line: k.Line, Key: key, Kind: problemUnknownKey}
			if s := nearestKey(k.Value, names); s != "" {
				p.Suggestion = joinKey(prefix, s)
			}
			d.problems = append(d.problems, p)
			continue
		}
		d.lines[key] = k.Line
		fv := v.Field(f.index)
		if f.fileForm || fv.Type() == reflect.TypeFor[secret]() {
			d.secret(val, fv.Addr().Interface().(*secret), key, f.fileForm, seen)
			continue
		}
		d.value(val, fv, key)
	}
}

// value decodes the node of one key into v.
func (d *decoder) value(n *yaml.Node, v reflect.Value, key string) {
	n = resolveAlias(n)
	switch {
	case v.Kind() == reflect.Pointer && v.Type().Elem().Kind() == reflect.Struct:
		section := reflect.New(v.Type().Elem())
		if s, ok := section.Interface().(interface{ setDefaults() }); ok {
			s.setDefaults()
		}
		d.mapping(n, section.Elem(), key)
		v.Set(section)
		return
	case v.Kind() == reflect.Struct:
		d.mapping(n, v, key)
		return
	case v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.String:
		d.list(n, v, key)
		return
	}
	text, ok := d.scalar(n, key)
	if !ok {
		return
	}
	if err := setScalar(v, text, isNull(n)); err != nil {
		d.problem(n.Line, key, problemBadValue, err)
	}
}

// list decodes a sequence of strings.
func (d *decoder) list(n *yaml.Node, v reflect.Value, key string) {
	if isNull(n) || (n.Kind == yaml.SequenceNode && len(n.Content) == 0) {
		v.Set(reflect.Zero(v.Type()))
		return
	}
	if n.Kind != yaml.SequenceNode {
		d.problem(n.Line, key, problemBadValue, errors.New("must be a list ([a, b] or lines starting with \"- \")"))
		return
	}
	out := reflect.MakeSlice(v.Type(), 0, len(n.Content))
	for _, item := range n.Content {
		item = resolveAlias(item)
		if text, ok := d.scalar(item, key); ok {
			out = reflect.Append(out, reflect.ValueOf(text).Convert(v.Type().Elem()))
		}
	}
	v.Set(out)
}

// scalar returns the text of a scalar node with ${VAR} expanded; a
// problem is recorded when it is not one.
func (d *decoder) scalar(n *yaml.Node, key string) (string, bool) {
	if n.Kind != yaml.ScalarNode {
		d.problem(n.Line, key, problemBadValue, errors.New("must be a single value, not a mapping or a list"))
		return "", false
	}
	if isNull(n) {
		return "", true
	}
	text, err := expandVariables(n.Value, d.opts.lookupEnv)
	if err != nil {
		kind := problemBadValue
		var unset *unsetVariableError
		if errors.As(err, &unset) {
			kind = problemUnsetVariable
		}
		d.problem(n.Line, key, kind, err)
		return "", false
	}
	return text, true
}

// setScalar stores text in v according to v's type; null is a YAML null
// (an empty value), accepted only by strings.
func setScalar(v reflect.Value, text string, null bool) error {
	if s, ok := v.Addr().Interface().(valueSetter); ok {
		if null {
			return errors.New("needs a value")
		}
		return s.set(text)
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(text)
		return nil
	case reflect.Int:
		n, err := strconv.Atoi(strings.TrimSpace(text))
		if err != nil {
			return fmt.Errorf("%q is not a whole number", text)
		}
		v.SetInt(int64(n))
		return nil
	case reflect.Float64:
		f, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
		if err != nil {
			return fmt.Errorf("%q is not a number", text)
		}
		v.SetFloat(f)
		return nil
	case reflect.Bool:
		switch strings.ToLower(strings.TrimSpace(text)) {
		case "true":
			v.SetBool(true)
			return nil
		case "false":
			v.SetBool(false)
			return nil
		}
		return fmt.Errorf("%q: use true or false", text)
	}
	return fmt.Errorf("unsupported configuration type %s", v.Type())
}

// secret decodes one form of a secret; seen holds the keys of the
// mapping read so far, to refuse both forms at once.
func (d *decoder) secret(n *yaml.Node, s *secret, key string, fileForm bool, seen map[string]int) {
	base := strings.TrimSuffix(key, "_file")
	local := base[strings.LastIndexByte(base, '.')+1:]
	other := local + "_file"
	if fileForm {
		other = local
	}
	if _, both := seen[other]; both {
		d.problem(n.Line, key, problemBothForms, fmt.Errorf("give %s or %s_file, not both", local, local))
		return
	}
	if !d.opts.readSecrets {
		// Not needed: neither expanded (its variables may be set only
		// for the service) nor read; kept to tell given from absent.
		if n.Kind == yaml.ScalarNode && !isNull(n) {
			if fileForm {
				s.File = n.Value
			} else {
				s.Value = n.Value
			}
		}
		return
	}
	text, ok := d.scalar(n, key)
	if !ok {
		return
	}
	if !fileForm {
		s.Value = text
		return
	}
	s.File = text
	if text == "" { // no secret, as with an empty inline form
		return
	}
	value, err := readSecretFile(d.opts.readFile, text)
	if err != nil {
		d.problem(n.Line, key, problemSecretFile, err)
		return
	}
	s.Value = value
}

// readSecretFile reads a secret from path, without its trailing newline.
func readSecretFile(read func(string) ([]byte, error), path string) (string, error) {
	b, err := read(path)
	if err != nil {
		return "", fmt.Errorf("read the secret: %w", err)
	}
	if len(b) > maxSecretFile {
		return "", fmt.Errorf("%s holds %d bytes, more than a secret (%d at most): is it the right file?", path, len(b), maxSecretFile)
	}
	v := strings.TrimRight(string(b), "\r\n")
	if v == "" {
		return "", fmt.Errorf("%s is empty", path)
	}
	return v, nil
}

// readFileLimited reads a file, but no more than one byte beyond the
// largest secret: a wrong path such as /dev/zero must not hang the load.
func readFileLimited(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxSecretFile+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return b, nil
}
