package main

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

const (
	examplePath = "../../config.example.yaml"
	readmePath  = "../../README.md"
)

// commentedKey matches the lines of the example's commented-out sections:
// "#email:" and "#  key: value" (prose comments are "# text").
var commentedKey = regexp.MustCompile(`^#([a-z_]+:|  )`)

// uncomment turns the example's commented-out sections on.
func uncomment(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if commentedKey.MatchString(l) {
			lines[i] = l[1:]
		}
	}
	return strings.Join(lines, "\n")
}

// schemaKeys lists the dotted keys of a configuration type; a secret is
// listed by its _file form.
func schemaKeys(t reflect.Type, prefix string) []string {
	var out []string
	fields := fieldsOf(t)
	for name, f := range fields {
		ft := t.Field(f.index).Type
		switch {
		case ft == reflect.TypeFor[secret]() && !f.fileForm:
		case ft.Kind() == reflect.Pointer:
			out = append(out, schemaKeys(ft.Elem(), joinKey(prefix, name))...)
		case ft.Kind() == reflect.Struct && ft != reflect.TypeFor[secret]():
			out = append(out, schemaKeys(ft, joinKey(prefix, name))...)
		default:
			out = append(out, joinKey(prefix, name))
		}
	}
	sort.Strings(out)
	return out
}

// leafValues flattens a configuration into its keys' values, a secret by
// its file.
func leafValues(v reflect.Value, prefix string, out map[string]any) {
	for name, f := range fieldsOf(v.Type()) {
		fv := v.Field(f.index)
		key := joinKey(prefix, name)
		switch {
		case fv.Type() == reflect.TypeFor[secret]():
			if f.fileForm {
				out[key] = fv.Interface().(secret).File
			}
		case fv.Kind() == reflect.Pointer:
			if !fv.IsNil() {
				leafValues(fv.Elem(), key, out)
			}
		case fv.Kind() == reflect.Struct:
			leafValues(fv, key, out)
		default:
			out[key] = fv.Interface()
		}
	}
}

// exampleLiterals returns each key of a YAML mapping tree with its value
// as written: "" for an empty string, [] for an empty list.
func exampleLiterals(n *yaml.Node, prefix string, out map[string]string) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		key, val := joinKey(prefix, n.Content[i].Value), n.Content[i+1]
		switch {
		case val.Kind == yaml.MappingNode:
			exampleLiterals(val, key, out)
		case val.Kind == yaml.SequenceNode && len(val.Content) == 0:
			out[key] = "[]"
		case val.Value == "":
			out[key] = `""`
		default:
			out[key] = val.Value
		}
	}
}

// readmeTable returns the rows of the README's configuration table: key
// → default, both without their backquotes.
func readmeTable(t *testing.T) map[string]string {
	t.Helper()
	b, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	start := strings.Index(text, "\n## Configuration\n")
	if start < 0 {
		t.Fatal("README has no Configuration section")
	}
	section := text[start+1:]
	if end := strings.Index(section, "\n## "); end >= 0 {
		section = section[:end]
	}
	rows := map[string]string{}
	row := regexp.MustCompile("^\\| `([a-z_.]+)` \\| (.+?) \\| .+ \\|$")
	for _, l := range strings.Split(section, "\n") {
		if m := row.FindStringSubmatch(l); m != nil {
			if _, dup := rows[m[1]]; dup {
				t.Errorf("README lists %s twice", m[1])
			}
			rows[m[1]] = strings.Trim(m[2], "`")
		}
	}
	return rows
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestExampleIsTheDefaults: config.example.yaml decodes strictly to the
// defaults, as it is and with its sections turned on.
func TestExampleIsTheDefaults(t *testing.T) {
	cfg, err := loadConfig(examplePath, decodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(cfg, defaultConfig()) {
		t.Errorf("config.example.yaml = %+v, want the defaults %+v", cfg, defaultConfig())
	}

	text, err := os.ReadFile(examplePath)
	if err != nil {
		t.Fatal(err)
	}
	full := filepath.Join(t.TempDir(), "full.yaml")
	os.WriteFile(full, []byte(uncomment(string(text))), 0o600)
	on, err := loadConfig(full, decodeOptions{lookupEnv: fakeEnv(map[string]string{"CREDENTIALS_DIRECTORY": "/run/credentials/takbot.service"})})
	if err != nil {
		t.Fatalf("the example with its sections on: %v", err)
	}
	if on.Email == nil || on.Discord == nil {
		t.Fatal("uncommenting the example turns on no section")
	}
	want := defaultConfig()
	want.Email, want.Discord = &emailConfig{}, &discordConfig{}
	want.Email.setDefaults()
	want.Email.resolve()
	want.Discord.setDefaults()
	got, defaults := map[string]any{}, map[string]any{}
	leafValues(reflect.ValueOf(on), "", got)
	leafValues(reflect.ValueOf(want), "", defaults)
	readme := readmeTable(t)
	for _, key := range sortedKeys(defaults) {
		if readme[key] == "required" {
			continue
		}
		if !reflect.DeepEqual(got[key], defaults[key]) {
			t.Errorf("config.example.yaml sets %s to %v, but its default is %v", key, got[key], defaults[key])
		}
	}
}

// TestREADMEConfigTable: the README's table, the example and the
// configuration structs list the same keys with the same defaults, and
// the keys marked required are those a section cannot do without.
func TestREADMEConfigTable(t *testing.T) {
	readme := readmeTable(t)
	text, err := os.ReadFile(examplePath)
	if err != nil {
		t.Fatal(err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(uncomment(string(text))), &doc); err != nil {
		t.Fatal(err)
	}
	example := map[string]string{}
	exampleLiterals(doc.Content[0], "", example)

	schema := schemaKeys(reflect.TypeFor[config](), "")
	if got := sortedKeys(readme); !reflect.DeepEqual(got, schema) {
		t.Errorf("README table keys:\n%v\nconfiguration keys:\n%v", got, schema)
	}
	if got := sortedKeys(example); !reflect.DeepEqual(got, schema) {
		t.Errorf("config.example.yaml keys:\n%v\nconfiguration keys:\n%v", got, schema)
	}
	for _, key := range schema {
		if def := readme[key]; def != "required" && def != example[key] {
			t.Errorf("%s: README default %q, config.example.yaml %q", key, def, example[key])
		}
	}

	_, problems := load(t, "email:\ndiscord:\n", nil)
	required := map[string]bool{}
	for _, p := range problems {
		if p.Kind != problemMissingKey {
			t.Errorf("an empty section: %v", p)
			continue
		}
		if _, ok := readme[p.Key]; ok {
			required[p.Key] = true
		} else {
			required[p.Key+"_file"] = true
		}
	}
	for _, key := range schema {
		if (readme[key] == "required") != required[key] {
			t.Errorf("%s: README says %q, but an empty section missing it is %v", key, readme[key], required[key])
		}
	}
}

// TestDeployConfig: the configuration built into the container image is
// one serve accepts.
func TestDeployConfig(t *testing.T) {
	cfg, err := loadConfig("../../deploy/docker-config.yaml", decodeOptions{readSecrets: true, requireBuiltIn: true})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.DB != "/data/takbot.db" || cfg.HTTPListen != ":8080" || cfg.Web.Listen != ":8081" || cfg.LogFormat != "json" || cfg.Email != nil || cfg.Discord != nil {
		t.Errorf("deploy/docker-config.yaml = %+v", cfg)
	}
}
