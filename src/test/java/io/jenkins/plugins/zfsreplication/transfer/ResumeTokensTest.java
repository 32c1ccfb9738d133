package io.jenkins.plugins.zfsreplication.transfer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import org.junit.jupiter.api.Test;

/**
 * The target's resume tokens as they travel from the target's agent: what arrives is checked
 * again when it is read (a record is deserialized through its constructor).
 */
class ResumeTokensTest {

    @Test
    void shouldArriveAsSentAndNameOnlyTheDatasetsWhenPrinted() throws Exception {
        ResumeTokens sent = new ResumeTokens(Map.of("backup/home", OpenZfsHost.TOKEN));

        ResumeTokens arrived = (ResumeTokens) read(write(sent));

        assertThat(arrived).isEqualTo(sent);
        assertThat(arrived.token(DatasetName.of("backup/home"))).contains(OpenZfsHost.TOKEN);
        assertThat(arrived.token(DatasetName.of("backup/vm"))).isEmpty();
        assertThat(arrived).hasToString("1 resume token(s): [backup/home]");
    }

    @Test
    void shouldRefuseATokenThatWouldBeMoreThanOneArgumentWhenItArrives() throws Exception {
        byte[] bytes = write(new ResumeTokens(Map.of("backup/home", "1-abc")));
        // the same stream with the token changed on the way, as a compromised agent could send it
        byte[] forged = new String(bytes, StandardCharsets.ISO_8859_1).replace("1-abc", "1 -Ab")
                .getBytes(StandardCharsets.ISO_8859_1);

        assertThatThrownBy(() -> read(forged)).hasRootCauseMessage("Invalid resume token for backup/home: '1 -Ab'");
        assertThatThrownBy(() -> new ResumeTokens(Map.of("backup/home;x", "1-abc")))
                .hasMessageContaining("backup/home;x");
    }

    private static byte[] write(Object value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        return bytes.toByteArray();
    }

    private static Object read(byte[] bytes) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            return in.readObject();
        }
    }
}
