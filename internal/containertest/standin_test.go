//go:build container

package containertest

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// goEnv is `go env NAME` of this machine.
func goEnv(t *testing.T, name string) string {
	t.Helper()
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		t.Fatalf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out))
}

// buildContext makes the directory deploy/Dockerfile is built from: a clone
// of root at HEAD, with the working tree's files (tracked, and untracked
// but not ignored) copied over it, so that git in the build sees the same
// commit and the same changes. It returns the directory, HEAD's commit and
// whether the tree differs from it.
func buildContext(t *testing.T, root string) (dir, commit string, modified bool) {
	t.Helper()
	git := func(dir string, args ...string) string {
		t.Helper()
		out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	commit = strings.TrimSpace(git(root, "rev-parse", "HEAD"))
	dir = filepath.Join(t.TempDir(), "context")
	git(root, "clone", "--quiet", "--no-checkout", "--no-hardlinks", root, dir)
	git(dir, "reset", "--quiet", commit)
	for _, name := range strings.Split(git(root, "ls-files", "-z", "--cached", "--others", "--exclude-standard"), "\x00") {
		if name == "" {
			continue
		}
		copyEntry(t, filepath.Join(root, name), filepath.Join(dir, name))
	}
	modified = strings.TrimSpace(git(dir, "status", "--porcelain")) != ""
	return dir, commit, modified
}

// copyEntry copies one file or symbolic link with its mode; a file deleted
// from the working tree stays deleted.
func copyEntry(t *testing.T, from, to string) {
	t.Helper()
	info, err := os.Lstat(from)
	if os.IsNotExist(err) {
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if info.Mode()&fs.ModeSymlink != 0 {
		target, err := os.Readlink(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, to); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, info.Mode().Perm()); err != nil {
		t.Fatal(err)
	}
}

// libraryPath matches the paths in ldd's output.
var libraryPath = regexp.MustCompile(`(?m)(/\S+)\s+\(0x`)

// addProgram copies the program at path (a symbolic link is followed, and
// kept as a link to its target) and the shared libraries ldd names into
// the tree at root.
func addProgram(t *testing.T, root, path string) {
	t.Helper()
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	files := []string{real}
	if out, err := exec.Command("ldd", real).Output(); err == nil {
		for _, m := range libraryPath.FindAllStringSubmatch(string(out), -1) {
			files = append(files, m[1])
		}
	}
	for _, f := range files {
		resolved, err := filepath.EvalSymlinks(f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		data, err := os.ReadFile(resolved)
		if err != nil {
			t.Fatal(err)
		}
		dest := filepath.Join(root, f)
		if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dest, data, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if real != path {
		link := filepath.Join(root, path)
		if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Lstat(link); os.IsNotExist(err) {
			if err := os.Symlink(real, link); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// writeFiles writes name -> content under root, making directories.
func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		path := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// moduleCache fills a new module cache with the modules go.mod needs, from
// this machine's cache (the proxy only for what it lacks), and returns it.
func moduleCache(t *testing.T, root string) string {
	t.Helper()
	hostCache := goEnv(t, "GOMODCACHE")
	proxy := "file://" + filepath.Join(hostCache, "cache", "download") + "," + goEnv(t, "GOPROXY")
	dir := filepath.Join(t.TempDir(), "mod")
	// The module cache is read-only, which TempDir's removal would trip on.
	t.Cleanup(func() {
		_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err == nil && d.IsDir() {
				_ = os.Chmod(path, 0o755)
			}
			return nil
		})
	})
	cmd := exec.Command("go", "mod", "download")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOMODCACHE="+dir, "GOPROXY="+proxy, "GOFLAGS=-mod=mod", "GOSUMDB=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go mod download into the stand-in's module cache: %v\n%s", err, out)
	}
	return dir
}

// standIns builds, with buildah, the two base images deploy/Dockerfile
// takes as GO_IMAGE and STATIC_IMAGE (doc.go), named with id, and returns
// their names. Their removal is the caller's.
func standIns(t *testing.T, buildah tool, root, id string) (goImage, staticImage string) {
	t.Helper()
	goImage = "localhost/takbot-containertest/golang:" + id
	staticImage = "localhost/takbot-containertest/static:" + id

	// The build stand-in.
	tree := filepath.Join(t.TempDir(), "build")
	for _, p := range []string{"/bin/sh", "mkdir", "git"} {
		path, err := exec.LookPath(p)
		if err != nil {
			t.Fatalf("the build stand-in needs %s: %v", p, err)
		}
		addProgram(t, tree, path)
	}
	writeFiles(t, tree, map[string]string{
		"etc/passwd": "root:x:0:0:root:/root:/bin/sh\n",
		"etc/group":  "root:x:0:\n",
		"root/.keep": "",
	})
	if err := os.MkdirAll(filepath.Join(tree, "tmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(tree, "tmp"), 0o1777); err != nil {
		t.Fatal(err)
	}
	c := buildah.run(t, "from", "scratch")
	buildah.run(t, "copy", "--quiet", c, tree, "/")
	buildah.run(t, "copy", "--quiet", c, goEnv(t, "GOROOT"), "/usr/local/go")
	buildah.run(t, "copy", "--quiet", c, moduleCache(t, root), "/go/pkg/mod")
	buildah.run(t, "config",
		"--env", "PATH=/go/bin:/usr/local/go/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
		"--env", "GOPATH=/go", "--env", "GOTOOLCHAIN=local", "--env", "GOPROXY=off",
		"--env", "HOME=/root", "--workingdir", "/go", c)
	buildah.run(t, "commit", "--quiet", "--rm", c, goImage)

	// The static stand-in.
	tree = filepath.Join(t.TempDir(), "static")
	writeFiles(t, tree, map[string]string{
		"etc/passwd": "root:x:0:0:root:/root:/sbin/nologin\n" +
			"nobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin\n" +
			"nonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin\n",
		"etc/group":          "root:x:0:\nnobody:x:65534:\nnonroot:x:65532:\n",
		"etc/nsswitch.conf":  "hosts: files dns\n",
		"home/nonroot/.keep": "",
	})
	if err := os.MkdirAll(filepath.Join(tree, "tmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(tree, "tmp"), 0o1777); err != nil {
		t.Fatal(err)
	}
	c = buildah.run(t, "from", "scratch")
	buildah.run(t, "copy", "--quiet", c, tree, "/")
	buildah.run(t, "copy", "--quiet", "--chown", "65532:65532", c, filepath.Join(tree, "home", "nonroot"), "/home/nonroot")
	buildah.run(t, "copy", "--quiet", c, "/etc/ssl/certs/ca-certificates.crt", "/etc/ssl/certs/ca-certificates.crt")
	buildah.run(t, "copy", "--quiet", c, "/usr/share/zoneinfo", "/usr/share/zoneinfo")
	buildah.run(t, "config",
		"--env", "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
		"--env", "SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt",
		"--user", "65532:65532", "--workingdir", "/home/nonroot", c)
	buildah.run(t, "commit", "--quiet", "--rm", c, staticImage)
	return goImage, staticImage
}
