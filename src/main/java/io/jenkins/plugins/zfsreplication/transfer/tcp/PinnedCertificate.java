package io.jenkins.plugins.zfsreplication.transfer.tcp;

import io.jenkins.plugins.zfsreplication.files.AtomicFile;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.HexFormat;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * The receiving side's certificate as the sender holds it: the one certificate it accepts from the
 * receiver. It comes over the channel that carries the tokens (Jenkins remoting, or the token file of
 * {@code recv --listen}), never over the network it protects. Public: it carries no key.
 *
 * @param encoded the certificate, DER in base64 (one line)
 */
public record PinnedCertificate(String encoded) implements Serializable {
    private static final long serialVersionUID = 1L;
    /** A P-256 certificate is about 400 bytes: anything far larger is not one of ours. */
    private static final int MAX_ENCODED = 8192;

    public PinnedCertificate {
        if (encoded == null || encoded.length() > MAX_ENCODED || !encoded.matches("[A-Za-z0-9+/]+={0,2}")) {
            throw new TransferException("The receiver's certificate must be one line of base64 as the receiver printed it");
        }
        parse(Base64.getDecoder().decode(encoded));
    }

    static PinnedCertificate of(byte[] der) {
        return new PinnedCertificate(Base64.getEncoder().encodeToString(der));
    }

    /** SHA-256 of the certificate, 64 hex digits: what a person compares between the two hosts. */
    public String fingerprint() {
        return fingerprint(der());
    }

    static String fingerprint(byte[] der) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(der));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    byte[] der() {
        return Base64.getDecoder().decode(encoded);
    }

    String pem() {
        return RunCertificate.pem("CERTIFICATE", der());
    }

    /** Writes the certificate (PEM) where socat reads it as the only certificate authority it trusts. */
    Path write(Path workDir) {
        Path file = workDir.resolve("pinned-" + fingerprint().substring(0, 16) + ".pem");
        try {
            AtomicFile.write(file, pem(), AtomicFile.PRIVATE);
            return file;
        } catch (IOException e) {
            throw new TransferException(e, "Cannot write the receiver's certificate to %s: %s", file, e.getMessage());
        }
    }

    /**
     * A TLS 1.3 client context that accepts exactly this certificate from the server, compared byte
     * for byte by its SHA-256 (the control channel, in this JVM). No host name check: the pin is
     * stronger than any name.
     */
    SSLContext clientContext() {
        String pinned = fingerprint();
        X509TrustManager trust = new X509TrustManager() {
            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
                throw new CertificateException("this side never accepts clients");
            }

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
                String presented = chain == null || chain.length == 0 ? "none" : fingerprint(chain[0].getEncoded());
                if (!presented.equals(pinned)) {
                    throw new CertificateException("the receiver presented the certificate sha256 " + presented
                            + ", not the pinned " + pinned);
                }
            }

            @Override
            public X509Certificate[] getAcceptedIssuers() {
                return new X509Certificate[0];
            }
        };
        try {
            SSLContext context = SSLContext.getInstance("TLSv1.3");
            context.init(null, new TrustManager[] {trust}, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new TransferException(e, "Cannot set up TLS: %s", e.getMessage());
        }
    }

    private static void parse(byte[] der) {
        try {
            CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(der));
        } catch (CertificateException e) {
            throw new TransferException("The receiver's certificate is not an X.509 certificate: %s", e.getMessage());
        }
    }

    @Override
    public String toString() {
        return "certificate sha256 " + fingerprint();
    }
}
