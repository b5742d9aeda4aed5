//go:build container

package containertest

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestContainer builds deploy/Dockerfile with podman (and Docker, when
// TAKBOT_DOCKER_HOST is set) on stand-in base images and checks the running
// container (doc.go).
func TestContainer(t *testing.T) {
	if os.Getuid() != 0 {
		t.Fatal("the container test runs rootful podman: run it as root (CI does)")
	}
	podmanBin := need(t, "podman", "podman")
	buildahBin := need(t, "buildah", "buildah")
	need(t, "runc", "runc")
	if d, ok := t.Deadline(); ok {
		deadline = d.Add(-time.Minute)
	}
	env := podmanConfig(t)
	podman := tool{name: "podman", bin: podmanBin, env: env}
	buildah := tool{name: "buildah", bin: buildahBin, env: env}

	root := repoRoot(t)
	mapping := readmePorts(t, root)
	id := suffix(t)

	start := time.Now()
	goImage, staticImage := standIns(t, buildah, root, id)
	t.Cleanup(func() { podman.try(commandTimeout, nil, "rmi", "--force", goImage, staticImage) })
	t.Logf("stand-in base images built with buildah in %v", time.Since(start).Round(time.Millisecond))
	contextDir, commit, modified := buildContext(t, root)

	t.Run("podman", func(t *testing.T) {
		image := "localhost/takbot-containertest/takbot:" + id
		t.Cleanup(func() { podman.try(commandTimeout, nil, "rmi", "--force", image) })
		r := podman.try(buildTimeout, nil, "build", "--format", "docker", "--layers=false",
			"-f", filepath.Join(contextDir, "deploy", "Dockerfile"),
			"--build-arg", "GO_IMAGE="+goImage, "--build-arg", "STATIC_IMAGE="+staticImage,
			"-t", image, contextDir)
		if r.err != nil {
			t.Fatalf("podman build: %v\n%s%s", r.err, r.stdout, r.stderr)
		}
		t.Logf("podman build --format docker -f deploy/Dockerfile: %v", r.took.Round(time.Millisecond))
		checkImage(t, engine{tool: podman, podman: true}, image, mapping, commit, modified)
	})

	t.Run("docker", func(t *testing.T) {
		host := os.Getenv("TAKBOT_DOCKER_HOST")
		if host == "" {
			// Not a skip of something the machine has: this machine kind
			// runs no Docker engine unless .ci/run starts one.
			t.Log("TAKBOT_DOCKER_HOST is not set: no Docker engine to build with (.ci/run starts one and sets it)")
			return
		}
		// Debian's client (package docker.io, which .ci/run installs) has
		// BuildKit built in; a newer client on PATH may lack buildx.
		bin := "/usr/bin/docker"
		if _, err := os.Stat(bin); err != nil {
			bin = need(t, "docker", "docker.io")
		}
		docker := tool{name: "docker", bin: bin, env: []string{"DOCKER_HOST=" + host, "DOCKER_BUILDKIT=1"}}
		image := "localhost/takbot-containertest/takbot:docker-" + id
		t.Cleanup(func() { docker.try(commandTimeout, nil, "rmi", "--force", image, goImage, staticImage) })
		start := time.Now()
		for _, base := range []string{goImage, staticImage} {
			if err := pipe(podman, []string{"save", "--format", "docker-archive", base}, docker, []string{"load"}); err != nil {
				t.Fatalf("podman save %s | docker load: %v", base, err)
			}
		}
		t.Logf("stand-ins loaded into Docker in %v", time.Since(start).Round(time.Millisecond))
		r := docker.try(buildTimeout, nil, "build", "-f", filepath.Join(contextDir, "deploy", "Dockerfile"),
			"--build-arg", "GO_IMAGE="+goImage, "--build-arg", "STATIC_IMAGE="+staticImage,
			"-t", image, contextDir)
		if r.err != nil {
			t.Fatalf("docker build: %v\n%s%s", r.err, r.stdout, r.stderr)
		}
		t.Logf("docker build -f deploy/Dockerfile (BuildKit): %v", r.took.Round(time.Millisecond))
		checkImage(t, engine{tool: docker}, image, mapping, commit, modified)
	})
}

// engine is podman or docker: the same commands, but for the health check.
type engine struct {
	tool
	podman bool
}

// publish is one -p of README's example: the host address ("" for every
// address) and the container's port.
type publish struct {
	hostIP        string
	containerPort int
}

// readmePorts reads the -p options of the `docker run` in README's "In a
// container" section, and checks that the health and metrics port (8080)
// is published on the host's loopback only.
func readmePorts(t *testing.T, root string) []publish {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i := strings.Index(text, "#### In a container")
	if i < 0 {
		t.Fatal(`README.md has no "#### In a container" section`)
	}
	block := regexp.MustCompile("(?s)```sh\n(.*?)```").FindStringSubmatch(text[i:])
	if block == nil {
		t.Fatal("README's In a container section has no sh block")
	}
	commands := strings.ReplaceAll(block[1], "\\\n", " ")
	var run string
	for _, line := range strings.Split(commands, "\n") {
		if strings.Contains(line, " run -d ") {
			run = line
			break
		}
	}
	if run == "" {
		t.Fatalf("README's In a container block has no `run -d` line:\n%s", block[1])
	}
	var ports []publish
	fields := strings.Fields(run)
	for k := 0; k+1 < len(fields); k++ {
		if fields[k] != "-p" {
			continue
		}
		parts := strings.Split(fields[k+1], ":")
		p := publish{}
		switch len(parts) {
		case 2:
		case 3:
			p.hostIP = parts[0]
		default:
			t.Fatalf("README's -p %s: not [IP:]HOSTPORT:PORT", fields[k+1])
		}
		n, err := strconv.Atoi(parts[len(parts)-1])
		if err != nil {
			t.Fatalf("README's -p %s: %v", fields[k+1], err)
		}
		p.containerPort = n
		ports = append(ports, p)
	}
	seen := map[int]string{}
	for _, p := range ports {
		seen[p.containerPort] = p.hostIP
	}
	if ip, ok := seen[8080]; !ok || ip != "127.0.0.1" {
		t.Fatalf("README's example publishes 8080 (/metrics) on %q, want 127.0.0.1 only: %s", ip, run)
	}
	if _, ok := seen[8081]; !ok || len(seen) != 2 {
		t.Fatalf("README's example publishes %v, want 8080 on the loopback and 8081: %s", seen, run)
	}
	return ports
}

// freePort is a TCP port free on every address now.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", ":0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// outsideAddress is an IPv4 address of this host other than the loopback:
// what another machine (or a container) would connect to.
func outsideAddress(t *testing.T) string {
	t.Helper()
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil && !n.IP.IsLoopback() && !n.IP.IsLinkLocalUnicast() {
			return n.IP.String()
		}
	}
	t.Fatalf("no IPv4 address but the loopback on this host (%v): nothing to check /metrics is not published on", addrs)
	return ""
}

// get fetches url, retrying until deadline while the connection is refused
// or reset (the container still starting).
func get(url string, deadline time.Time) (int, string, error) {
	client := &http.Client{Timeout: 3 * time.Second}
	for {
		resp, err := client.Get(url)
		if err == nil {
			body, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			return resp.StatusCode, string(body), err
		}
		if time.Now().After(deadline) {
			return 0, "", err
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// checkImage runs image as README's example does (host ports chosen now)
// and checks it (doc.go).
func checkImage(t *testing.T, e engine, image string, mapping []publish, commit string, modified bool) {
	t.Helper()
	inspect := func(format, container string) string {
		return e.run(t, "container", "inspect", "--format", format, container)
	}
	if user := e.run(t, "image", "inspect", "--format", "{{.Config.User}}", image); user != "65532:65532" {
		t.Errorf("image user %q, want 65532:65532", user)
	}
	// podman shows the docker format's health check beside the image's
	// configuration, docker inside it.
	field := "{{json .Config.Healthcheck}}"
	if e.podman {
		field = "{{json .HealthCheck}}"
	}
	if hc := e.run(t, "image", "inspect", "--format", field, image); !strings.Contains(hc, `"health","-url","http://127.0.0.1:8080/livez"`) {
		t.Errorf("image health check %s, want takbot health on /livez", hc)
	}

	id := strings.TrimPrefix(image[strings.LastIndex(image, ":")+1:], "docker-")
	name := "takbot-containertest-" + e.name + "-" + id
	volume := name + "-data"
	t.Cleanup(func() {
		e.try(commandTimeout, nil, "rm", "--force", name)
		e.try(commandTimeout, nil, "volume", "rm", "--force", volume)
	})
	hostPort := map[int]int{}
	args := []string{"run", "-d", "--name", name, "-v", volume + ":/data"}
	for _, p := range mapping {
		hostPort[p.containerPort] = freePort(t)
		spec := fmt.Sprintf("%d:%d", hostPort[p.containerPort], p.containerPort)
		if p.hostIP != "" {
			spec = p.hostIP + ":" + spec
		}
		args = append(args, "-p", spec)
	}
	if !e.podman {
		// Docker runs the health check by itself, first after the
		// start period: shortened so that the test sees its verdict.
		args = append(args, "--health-interval", "1s", "--health-start-period", "1s")
	}
	e.run(t, append(args, image)...)
	dumpLogs := func() {
		r := e.try(commandTimeout, nil, "logs", name)
		t.Logf("%s logs %s:\n%s%s", e.name, name, r.stdout, r.stderr)
	}

	// The process's user, as the host sees it.
	pid := inspect("{{.State.Pid}}", name)
	status, err := os.ReadFile("/proc/" + pid + "/status")
	if err != nil {
		t.Fatalf("the container's process %s: %v", pid, err)
	}
	if m := regexp.MustCompile(`(?m)^Uid:\s+(\d+)\s+(\d+)`).FindStringSubmatch(string(status)); m == nil || m[1] != "65532" || m[2] != "65532" {
		t.Errorf("the container's process runs as %v, want uid 65532", m)
	}

	// The commit, stamped by go build -buildvcs=true from the context's .git.
	version := e.run(t, "exec", name, "takbot", "version")
	if !strings.Contains(version, "commit:      "+commit) {
		t.Errorf("takbot version in the container names no commit %s:\n%s", commit, version)
	}
	if strings.Contains(version, "+modified") != modified {
		t.Errorf("takbot version says modified=%v, the build context's tree %v:\n%s", strings.Contains(version, "+modified"), modified, version)
	}

	// /livez and /metrics on the host's loopback.
	deadline := time.Now().Add(30 * time.Second)
	health := fmt.Sprintf("http://127.0.0.1:%d", hostPort[8080])
	if code, body, err := get(health+"/livez", deadline); err != nil || code != http.StatusOK || !strings.Contains(body, `"alive": true`) {
		dumpLogs()
		t.Fatalf("GET /livez through the published port: %d %q %v", code, body, err)
	}
	if code, body, err := get(health+"/metrics", deadline); err != nil || code != http.StatusOK || !strings.Contains(body, "takbot_build_info") {
		t.Errorf("GET /metrics on the host's loopback: %d %v (takbot_build_info in it: %v)", code, err, strings.Contains(body, "takbot_build_info"))
	}
	// On another address of the host, the spectators' pages answer and
	// /metrics does not.
	outside := outsideAddress(t)
	if _, _, err := get(fmt.Sprintf("http://%s:%d/", outside, hostPort[8081]), time.Now().Add(10*time.Second)); err != nil {
		t.Errorf("the spectators' pages on %s:%d (published to every address): %v", outside, hostPort[8081], err)
	}
	if code, _, err := get(fmt.Sprintf("http://%s:%d/metrics", outside, hostPort[8080]), time.Now()); err == nil {
		t.Errorf("/metrics answered %d on %s:%d: published beyond the loopback", code, outside, hostPort[8080])
	}

	// The HEALTHCHECK.
	if e.podman {
		if r := e.try(commandTimeout, nil, "healthcheck", "run", name); r.err != nil {
			t.Errorf("podman healthcheck run: %v\n%s%s", r.err, r.stdout, r.stderr)
		}
	} else {
		var state string
		for end := time.Now().Add(30 * time.Second); time.Now().Before(end); time.Sleep(500 * time.Millisecond) {
			if state = inspect("{{.State.Health.Status}}", name); state == "healthy" {
				break
			}
		}
		if state != "healthy" {
			t.Errorf("docker's health status %q, want healthy: %s", state, inspect("{{json .State.Health}}", name))
		}
	}

	checkBackup(t, e, name, image, volume, health+"/livez")
	checkSecrets(t, e, image)

	// SIGTERM: podman and docker stop send it, and SIGKILL only after the
	// timeout, which would show as exit 137.
	r := e.try(commandTimeout, nil, "stop", "--time", "30", name)
	if r.err != nil {
		t.Fatalf("%s stop: %v\n%s", e.name, r.err, r.stderr)
	}
	if code := inspect("{{.State.ExitCode}}", name); code != "0" {
		dumpLogs()
		t.Errorf("exit status %s after %s stop (SIGTERM), want 0", code, e.name)
	}
	if r.took > 20*time.Second {
		t.Errorf("%s stop took %v: SIGTERM did not stop takbot within its shutdown_timeout", e.name, r.took)
	}
	t.Logf("%s stop: exit 0 in %v", e.name, r.took.Round(time.Millisecond))
}

// checkBackup takes a backup from the running container as README says,
// copies it out, checks it with the image's own takbot and restores it
// into the container's volume; livez is the container's /livez through the
// published port.
func checkBackup(t *testing.T, e engine, name, image, volume, livez string) {
	t.Helper()
	out := e.run(t, "exec", name, "takbot", "backup", "-config", "/etc/takbot/config.yaml", "-dir", "/data/backups", "-keep", "14")
	if !strings.Contains(out, "from the running takbot") {
		t.Errorf("backup in the container: %s", out)
	}
	dir := t.TempDir()
	e.run(t, "cp", name+":/data/backups", dir)
	files, err := filepath.Glob(filepath.Join(dir, "backups", "takbot-*.db"))
	if err != nil || len(files) != 1 {
		t.Fatalf("backups copied out of the container: %v %v", files, err)
	}
	check := e.run(t, "run", "--rm", "--user", fmt.Sprintf("%d:%d", os.Getuid(), os.Getgid()),
		"-v", filepath.Dir(files[0])+":/in:ro", "--entrypoint", "/usr/local/bin/takbot",
		image, "db", "check", "/in/"+filepath.Base(files[0]))
	if !strings.Contains(check, "sound") {
		t.Errorf("takbot db check of the backup: %s", check)
	}

	// The restore, as README says: the stopped container's volume gets the
	// backup through the image's takbot running as 65532 (the image has no
	// cp; docker cp -a fails on a numeric USER), and takbot starts on it.
	e.run(t, "stop", "--time", "30", name)
	if err := os.Chown(files[0], 65532, 65532); err != nil {
		t.Fatal(err)
	}
	e.run(t, "run", "--rm", "--user", "65532:65532", "-v", volume+":/data", "-v", files[0]+":/in/backup.db:ro",
		"--entrypoint", "/usr/local/bin/takbot", image, "backup", "-db", "/in/backup.db", "-o", "/data/takbot.db")
	e.run(t, "start", name)
	if code, body, err := get(livez, time.Now().Add(30*time.Second)); err != nil || code != http.StatusOK {
		r := e.try(commandTimeout, nil, "logs", name)
		t.Fatalf("GET /livez after the restore: %d %q %v\n%s%s", code, body, err, r.stdout, r.stderr)
	}
}

// checkSecrets runs `serve -check` in the image with a Discord token file
// mounted read-only: owned by root with mode 0400 it fails with exit 78
// naming the key, owned by 65532 it passes.
func checkSecrets(t *testing.T, e engine, image string) {
	t.Helper()
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	config := filepath.Join(dir, "config.yaml")
	secret := filepath.Join(dir, "discord-token")
	writeFiles(t, dir, map[string]string{
		"config.yaml": "db: /data/takbot.db\nhttp_listen: :8080\nweb:\n  listen: :8081\n" +
			"discord:\n  token_file: /run/secrets/discord-token\n  application_id: \"123456789012345678\"\n  guilds: []\n",
		"discord-token": "not-a-real-token\n",
	})
	if err := os.Chmod(secret, 0o400); err != nil {
		t.Fatal(err)
	}
	check := func() result {
		return e.try(commandTimeout, nil, "run", "--rm",
			"-v", config+":/etc/takbot/config.yaml:ro", "-v", secret+":/run/secrets/discord-token:ro",
			image, "-check")
	}
	if r := check(); r.exitCode() != 78 || !strings.Contains(r.stdout+r.stderr, "token_file") {
		t.Errorf("serve -check with a secret only root may read: exit %d, want 78 naming token_file:\n%s%s", r.exitCode(), r.stdout, r.stderr)
	}
	if err := os.Chown(secret, 65532, 65532); err != nil {
		t.Fatal(err)
	}
	if r := check(); r.err != nil {
		t.Errorf("serve -check with the secret owned by 65532: exit %d:\n%s%s", r.exitCode(), r.stdout, r.stderr)
	}
}
