/** The team's header image and custom header above an answer or get-link page. */
export function TeamHeader({ image, header }: { image: string | null; header: string | null }) {
  return (
    <>
      {image && <img className="sl-answer-header-image" src={image} alt="" />}
      {header && <p className="sl-pre-line">{header}</p>}
    </>
  );
}
