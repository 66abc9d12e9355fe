/** Settings › Integrations › BasicOps: the project meeting notes go to (default: the first). Changes only after the server accepts. */
import { useState } from 'react';
import useSWR from 'swr';
import { chooseBasicOpsProject, getBasicOpsProjects } from '../../../api/integrations/integrations.js';
import { ErrorMessage } from '../../../components/message.js';

export function BasicOpsProjectPicker({ userId }: { userId: string }) {
  const { data, error, mutate } = useSWR(['basicops-projects', userId], () => getBasicOpsProjects(userId));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();

  if (error) return <ErrorMessage>Your BasicOps projects could not be loaded. Please try again later.</ErrorMessage>;
  if (!data) return <p>Loading your BasicOps projects…</p>;
  if (data.projects.length === 0) return <p>Your BasicOps account has no project yet: create one in BasicOps to store notes there.</p>;

  async function choose(projectId: string) {
    setSaving(true);
    setFailure(undefined);
    try {
      await mutate(await chooseBasicOpsProject(userId, projectId), { revalidate: false });
    } catch {
      setFailure('The project could not be changed. Please try again or contact support.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="field">
      <label htmlFor="basicops-project">Store meeting notes in</label>
      <select id="basicops-project" value={data.project_id ?? ''} disabled={saving} onChange={(e) => void choose(e.target.value)}>
        {data.projects.map((p) => <option key={p.id} value={p.id}>{p.title}</option>)}
      </select>
      <ErrorMessage>{failure}</ErrorMessage>
    </div>
  );
}
