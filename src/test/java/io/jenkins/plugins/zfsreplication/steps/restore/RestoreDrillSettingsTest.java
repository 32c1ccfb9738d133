package io.jenkins.plugins.zfsreplication.steps.restore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.zfsreplication.steps.shared.RoundTrip;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** zfsRestoreDrill's settings: checked on the controller with the engine's messages, carried to the agent whole. */
class RestoreDrillSettingsTest {
    @Test
    void shouldRefuseSettingsThatLeaveTheWorkspaceOrNameNoDataset() {
        assertThatThrownBy(() -> new RestoreDrillSettings("backup/home@s1", "backup/drill", "../source.manifest", null, null))
                .hasMessage("zfsRestoreDrill: manifest ../source.manifest must be a path inside the workspace");
        assertThatThrownBy(() -> new RestoreDrillSettings("backup/home@s1", "backup/drill", "source.manifest", "key", null))
                .hasMessage("zfsRestoreDrill: keyFile key must be an absolute path on the agent (keep keys out of the "
                        + "workspace)");
        assertThatThrownBy(() -> new RestoreDrillSettings("backup/home@s1", "tank", "source.manifest", null, null))
                .hasMessage("The scratch dataset tank is a pool: name a dataset inside one");
        assertThatThrownBy(() -> new RestoreDrillSettings("backup/home@s1", "backup/home/x", "source.manifest", null, null))
                .hasMessage("The scratch dataset backup/home/x cannot be backup/home, nor inside it, nor contain it");
        assertThatThrownBy(() -> new RestoreDrillSettings("backup/home@s1", "backup/drill", "source.manifest", null, "fast"))
                .hasMessageContaining("fast");
    }

    @Test
    void shouldCarryTheSettingsToTheAgentWhole() throws Exception {
        RestoreDrillSettings settings = new RestoreDrillSettings("backup/home@s1", "backup/drill", "in/source.manifest",
                "/etc/zfs/keys/home.key", "200M");

        RestoreDrillSettings carried = RoundTrip.of(settings);

        assertThat(carried).isEqualTo(settings);
        assertThat(carried.request(Path.of("/ws/in/source.manifest")).keyFile()).isEqualTo(Path.of("/etc/zfs/keys/home.key"));
        assertThat(carried.transfer().stream().rateLimit()).isEqualTo(200L << 20);
    }
}
