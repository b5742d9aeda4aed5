package containertest

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDockerfilePins checks that deploy/Dockerfile's base images are named
// in full (a registry host, so podman and buildah resolve them as docker
// does) and pinned by digest, and that the golang image is the Go release
// go.mod asks for: its image sets GOTOOLCHAIN=local, so an older one fails
// the build and a newer one builds with another Go than CI.
func TestDockerfilePins(t *testing.T) {
	root := repoRoot(t)
	data, err := os.ReadFile(filepath.Join(root, "deploy", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	pinned := regexp.MustCompile(`^([a-z0-9.-]+\.[a-z]+)/([a-z0-9./_-]+):([A-Za-z0-9._-]+)@sha256:[0-9a-f]{64}$`)
	args := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		if name, value, ok := strings.Cut(strings.TrimPrefix(line, "ARG "), "="); ok && strings.HasPrefix(line, "ARG ") {
			args[name] = value
		}
	}
	tags := map[string]string{}
	for _, name := range []string{"GO_IMAGE", "STATIC_IMAGE"} {
		m := pinned.FindStringSubmatch(args[name])
		if m == nil {
			t.Errorf("deploy/Dockerfile: ARG %s=%q is not REGISTRY/REPOSITORY:TAG@sha256:DIGEST", name, args[name])
			continue
		}
		tags[name] = m[2] + ":" + m[3]
	}
	for _, from := range []string{"FROM ${GO_IMAGE} AS build", "FROM ${STATIC_IMAGE}"} {
		if !strings.Contains(string(data), "\n"+from+"\n") {
			t.Errorf("deploy/Dockerfile has no %q: the pins are not what it builds on", from)
		}
	}
	if tags["STATIC_IMAGE"] != "" && tags["STATIC_IMAGE"] != "distroless/static-debian12:nonroot" {
		t.Errorf("STATIC_IMAGE is %s, want distroless/static-debian12:nonroot (uid 65532, which README and the image's USER name)", tags["STATIC_IMAGE"])
	}
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	var want string
	if m := regexp.MustCompile(`(?m)^go (\S+)$`).FindSubmatch(gomod); m != nil {
		want = string(m[1])
	}
	if m := regexp.MustCompile(`(?m)^toolchain go(\S+)$`).FindSubmatch(gomod); m != nil {
		want = string(m[1])
	}
	if want == "" {
		t.Fatal("go.mod names no Go release")
	}
	if tag := tags["GO_IMAGE"]; tag != "" && tag != "library/golang:"+want+"-bookworm" {
		t.Errorf("GO_IMAGE is %s, want library/golang:%s-bookworm, the Go release go.mod asks for", tag, want)
	}
}

// repoRoot is the top of the repository the test runs in.
func repoRoot(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Fatalf("git rev-parse --show-toplevel: %v", err)
	}
	return strings.TrimSpace(string(out))
}
