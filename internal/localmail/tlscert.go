package localmail

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"fmt"
	"math/big"
	"net"
	"time"
)

// certValidity is how long the ephemeral certificate is valid. Its window
// is taken from the wall clock, not the injected one, because TLS clients
// check it against the wall clock.
const certValidity = 7 * 24 * time.Hour

// ephemeralTLS makes a self-signed certificate, kept in memory only, for
// 127.0.0.1, ::1, localhost and the given hosts, and returns the server
// configuration and the pool clients must trust.
func ephemeralTLS(hosts ...string) (*tls.Config, *x509.CertPool, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, fmt.Errorf("localmail: TLS key: %w", err)
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 62))
	if err != nil {
		return nil, nil, fmt.Errorf("localmail: TLS serial: %w", err)
	}
	now := time.Now()
	template := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: "localmail ephemeral certificate"},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(certValidity),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback},
		DNSNames:              []string{"localhost"},
	}
	for _, host := range hosts {
		if ip := net.ParseIP(host); ip != nil {
			if !ip.IsUnspecified() && !ip.IsLoopback() {
				template.IPAddresses = append(template.IPAddresses, ip)
			}
		} else if host != "" && host != "localhost" {
			template.DNSNames = append(template.DNSNames, host)
		}
	}
	der, err := x509.CreateCertificate(rand.Reader, template, template, &key.PublicKey, key)
	if err != nil {
		return nil, nil, fmt.Errorf("localmail: TLS certificate: %w", err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, nil, fmt.Errorf("localmail: TLS certificate: %w", err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	config := &tls.Config{
		Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}},
		MinVersion:   tls.VersionTLS12,
	}
	return config, pool, nil
}

// hostOf is the host part of a listening address ("" if it has none).
func hostOf(addr string) string {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return ""
	}
	return host
}
