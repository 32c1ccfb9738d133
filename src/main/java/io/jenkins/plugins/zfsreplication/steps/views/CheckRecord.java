package io.jenkins.plugins.zfsreplication.steps.views;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import io.jenkins.plugins.zfsreplication.check.Ages;

/** What one zfsCheck found, made from the summary the agent returned: the status and every dataset's ages. */
public final class CheckRecord implements StepRecord {
    private static final long serialVersionUID = 1L;
    private final String sources;
    private final String status;
    private final String summary;
    private final List<Dataset> datasets;
    private final List<String> artifacts;

    public CheckRecord(String sources, String status, String summary, List<Dataset> datasets, List<String> artifacts) {
        this.sources = sources;
        this.status = status;
        this.summary = summary;
        this.datasets = new ArrayList<>(datasets);
        this.artifacts = new ArrayList<>(artifacts);
    }

    public String getSources() { return sources; }
    public String getStatus() { return status; }
    public String getSummary() { return summary; }
    public List<Dataset> getDatasets() { return Collections.unmodifiableList(datasets); }

    @Override
    public List<String> getArtifacts() {
        return Collections.unmodifiableList(artifacts);
    }

    /** One dataset's line on the build page (a plain class, for XStream, like the record itself). */
    public static final class Dataset implements Serializable {
        private static final long serialVersionUID = 1L;
        private final String source;
        private final String status;
        private final String reason;
        private final long commonAge;
        private final long sourceAge;
        private final long targetAge;

        public Dataset(String source, String status, String reason, long commonAge, long sourceAge, long targetAge) {
            this.source = source;
            this.status = status;
            this.reason = reason;
            this.commonAge = commonAge;
            this.sourceAge = sourceAge;
            this.targetAge = targetAge;
        }

        public String getSource() { return source; }
        public String getStatus() { return status; }
        public String getReason() { return reason; }
        public String getCommonAge() { return age(commonAge); }
        public String getSourceAge() { return age(sourceAge); }
        public String getTargetAge() { return age(targetAge); }

        private static String age(long seconds) {
            return seconds < 0 ? "none" : Ages.format(seconds);
        }
    }
}
