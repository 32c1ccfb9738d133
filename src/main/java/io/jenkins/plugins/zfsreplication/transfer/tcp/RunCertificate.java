package io.jenkins.plugins.zfsreplication.transfer.tcp;

import io.jenkins.plugins.zfsreplication.files.AtomicFile;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * The receiving side's identity for one run: a key pair made in memory and a certificate for it,
 * signed by itself. Only its public part ({@link #pin()}) leaves this JVM, over the channel that
 * carries the tokens; the sender trusts exactly that certificate, so only the holder of this key,
 * the receiving side of this run, can complete the TLS handshake. The key is written only for socat
 * ({@link #write(Path)}, mode 600 in a private directory) and lives no longer than the run.
 *
 * <p>The JDK can sign with the key but cannot build a certificate without internal classes, hence
 * BouncyCastle's certificate builder (Jenkins provides it through the bouncycastle-api plugin); the
 * key and signature themselves come from the JDK's providers.
 */
public final class RunCertificate {
    /** The certificate's subject: socat checks it against this name, the key is what is pinned. */
    static final String COMMON_NAME = "zfs-replication";
    private static final SecureRandom RANDOM = new SecureRandom();
    /** Clocks of two hosts may disagree; a run may last a week (a lane waits that long). */
    private static final Duration SKEW = Duration.ofDays(1);
    private static final Duration LIFETIME = Duration.ofDays(30);

    private final KeyPair keys;
    private final X509Certificate certificate;

    private RunCertificate(KeyPair keys, X509Certificate certificate) {
        this.keys = keys;
        this.certificate = certificate;
    }

    /** A new key pair (ECDSA P-256) and its self-signed certificate. */
    public static RunCertificate generate() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
            KeyPair keys = generator.generateKeyPair();
            X500Name name = new X500Name("CN=" + COMMON_NAME);
            Instant now = Instant.now();
            JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(name, new BigInteger(64, RANDOM).setBit(0),
                    Date.from(now.minus(SKEW)), Date.from(now.plus(LIFETIME)), name, keys.getPublic());
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
            X509Certificate certificate = new JcaX509CertificateConverter().getCertificate(
                    builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(keys.getPrivate())));
            return new RunCertificate(keys, certificate);
        } catch (GeneralSecurityException | OperatorCreationException | CertIOException e) {
            throw new TransferException(e, "Cannot make the run's TLS certificate: %s", e.getMessage());
        }
    }

    /** What the sender pins: the certificate alone, never the key. */
    public PinnedCertificate pin() {
        try {
            return PinnedCertificate.of(certificate.getEncoded());
        } catch (java.security.cert.CertificateEncodingException e) {
            throw new TransferException(e, "Cannot encode the run's TLS certificate: %s", e.getMessage());
        }
    }

    /**
     * Where socat finds the certificate and its key.
     *
     * @param certificate PEM
     * @param key         PEM, PKCS#8, mode 600
     */
    public record KeyFiles(Path certificate, Path key) {
    }

    /** Writes certificate and key (mode 600) into a new private directory (mode 700) under {@code workDir}. */
    public KeyFiles write(Path workDir) {
        try {
            Path directory = java.nio.file.Files.createTempDirectory(workDir, "tls-",
                    java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                            java.nio.file.attribute.PosixFilePermissions.fromString("rwx------")));
            Path key = directory.resolve("key.pem");
            Path cert = directory.resolve("cert.pem");
            AtomicFile.write(key, pem("PRIVATE KEY", keys.getPrivate().getEncoded()), AtomicFile.PRIVATE);
            AtomicFile.write(cert, pin().pem(), AtomicFile.PRIVATE);
            return new KeyFiles(cert, key);
        } catch (IOException e) {
            throw new TransferException(e, "Cannot write the run's TLS certificate under %s: %s", workDir, e.getMessage());
        }
    }

    /** A TLS 1.3 server context presenting this certificate (the control channel, in this JVM). */
    SSLContext serverContext() {
        try {
            char[] password = new char[0];
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, password);
            store.setKeyEntry("run", keys.getPrivate(), password, new Certificate[] {certificate});
            KeyManagerFactory managers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            managers.init(store, password);
            SSLContext context = SSLContext.getInstance("TLSv1.3");
            context.init(managers.getKeyManagers(), null, RANDOM);
            return context;
        } catch (GeneralSecurityException | IOException e) {
            throw new TransferException(e, "Cannot set up TLS with the run's certificate: %s", e.getMessage());
        }
    }

    static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + java.util.Base64.getMimeEncoder(64, "\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII))
                .encodeToString(der) + "\n-----END " + type + "-----\n";
    }
}
