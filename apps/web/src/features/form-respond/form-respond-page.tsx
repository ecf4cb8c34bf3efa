import { useParams } from 'react-router';
import { FormView } from './form-view';

/** /forms/:id — outside the team shell: no navbar, footer or language switcher. */
export function FormRespondPage() {
  const { id } = useParams();
  return (
    <div style={{ maxWidth: 820, margin: '0 auto', padding: '24px 16px' }}>
      <FormView formId={Number(id)} />
    </div>
  );
}
