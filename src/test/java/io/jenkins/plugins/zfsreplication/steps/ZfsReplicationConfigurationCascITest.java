package io.jenkins.plugins.zfsreplication.steps;

import static io.jenkins.plugins.casc.misc.Util.getUnclassifiedRoot;
import static io.jenkins.plugins.casc.misc.Util.toStringFromYamlFile;
import static io.jenkins.plugins.casc.misc.Util.toYamlString;
import static org.assertj.core.api.Assertions.assertThat;

import hudson.ExtensionList;
import io.jenkins.plugins.casc.ConfigurationContext;
import io.jenkins.plugins.zfsreplication.steps.shared.StepDefaults;
import io.jenkins.plugins.casc.ConfiguratorRegistry;
import io.jenkins.plugins.casc.misc.ConfiguredWithCode;
import io.jenkins.plugins.casc.misc.JenkinsConfiguredWithCodeRule;
import io.jenkins.plugins.casc.misc.junit.jupiter.WithJenkinsConfiguredWithCode;
import io.jenkins.plugins.casc.model.CNode;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * Configuration as Code for Manage Jenkins » System » ZFS replication (root build only:
 * {@code mvn verify}; the configuration-as-code test harness applies the yaml before each test).
 *
 * <p>{@code configuration-as-code.yaml} sets every default under {@code unclassified: zfsReplication};
 * the export of that section must be {@code configuration-as-code-expected.yaml}, which is the
 * same values in the form JCasC writes (keys sorted, strings quoted, the number bare).
 *
 * <p>The rule parameter is what makes the harness start Jenkins and apply the yaml; the tests read
 * the result through the configuration itself.
 */
@WithJenkinsConfiguredWithCode
class ZfsReplicationConfigurationCascITest {
    private static final StepDefaults FROM_YAML = new StepDefaults("sha256", "128K", 4, "ssh", "backup-key");

    @Test
    @ConfiguredWithCode("configuration-as-code.yaml")
    void shouldSetEveryDefaultFromYaml(JenkinsConfiguredWithCodeRule r) {
        ZfsReplicationConfiguration configuration = ExtensionList.lookupSingleton(ZfsReplicationConfiguration.class);

        SoftAssertions softly = new SoftAssertions();
        softly.assertThat(configuration.getHash()).isEqualTo("sha256");
        softly.assertThat(configuration.getBlockSize()).isEqualTo("128K");
        softly.assertThat(configuration.getConcurrency()).isEqualTo(4);
        softly.assertThat(configuration.getTransport()).isEqualTo("ssh");
        softly.assertThat(configuration.getSshCredentialsId()).isEqualTo("backup-key");
        // what the steps read for the fields a job leaves empty
        softly.assertThat(ZfsReplicationConfiguration.current()).isEqualTo(FROM_YAML);
        softly.assertAll();
    }

    @Test
    @ConfiguredWithCode("configuration-as-code.yaml")
    void shouldExportTheDefaultsAsTheYamlThatSetThem(JenkinsConfiguredWithCodeRule r) throws Exception {
        ConfiguratorRegistry registry = ConfiguratorRegistry.get();
        ConfigurationContext context = new ConfigurationContext(registry);
        CNode section = getUnclassifiedRoot(context).get("zfsReplication");

        String exported = toYamlString(section);

        assertThat(exported).isEqualTo(toStringFromYamlFile(this, "configuration-as-code-expected.yaml"));
    }
}
