import { useParams } from 'react-router';
import { FormView } from './form-view';

/** /forms/:id — outside the team shell: no navbar, footer or language switcher. */
export function FormRespondPage() {
  const { id } = useParams();
  return (
    <div className="sl-form-respond-page">
      <FormView formId={Number(id)} />
    </div>
  );
}
